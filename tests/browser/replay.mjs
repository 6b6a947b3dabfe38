// Drives a replay page (`patience show --html`) in headless chromium: opens the file with no
// network, follows the steps of a plan (keys, clicks, the slider, window widths), and after each
// step reads the move number, the outcome messages and every place's cards from the DOM. Prints
// {steps: [...], errors: [...]} as JSON; the Rust test (tests/it/show.rs) compares the steps
// with the engine's replay.
//
// node replay.mjs PAGE.html PLAN.json SCREENSHOT.png
// PLAN: a list of steps, each giving one state, or `each` giving one per key press:
//   {"keys": ["ArrowRight", ...]}   press the keys
//   {"each": N}                     press the right arrow N times, a state after each
//   {"play": true}                  press space, wait for two moves to be played, press space
//   {"click": "SELECTOR"}           click an element (a button, a move of the list)
//   {"jump": N}                     type N into the "go to" box and leave it
//   {"slide": N}                    move the slider to N, as dragging its thumb does
//   {"slideClick": F}               click the slider at fraction F of its width
// Any step may also have
//   "width": W                      first make the window W pixels wide (900 high)
//   "check": true                   add `problems`: what the layout gets wrong (see below)
//   "shot": "FILE.png"              then take a screenshot of the whole page into FILE.png
// The plan's last state is also shot into SCREENSHOT.png, at the window's size.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pageFile, planFile, shot] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, "utf8"));
const browser = await chromium.launch({
  executablePath: process.env.PATIENCE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

// What a reader would find wrong with the layout shown: an element past the window's right
// (or left) edge, a card's corner (its rank and suit) cut off or covered by the card laid on
// it, an empty place taller than a card, a corner's text too small to read.
function problems() {
  const out = [];
  const W = window.innerWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (e.className && typeof e.className === "string" ? "." + e.className.trim().replace(/\s+/g, ".") : "") +
    (e.dataset.place ? "[" + e.dataset.place + "]" : "") + (e.dataset.card ? "[" + e.dataset.card + "]" : "");
  if (document.documentElement.scrollWidth > W) {
    out.push("the page is " + document.documentElement.scrollWidth + " px wide in a " + W + " px window");
  }
  for (const e of document.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > W + 0.5 || r.left < -0.5) {
      out.push(name(e) + " spans x " + r.left.toFixed(1) + ".." + r.right.toFixed(1) + " in a " + W + " px window");
    }
  }
  const ch = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--ch"));
  for (const c of document.querySelectorAll(".card")) {
    const corner = c.querySelector(".corner");
    if (!corner) continue;
    const k = corner.getBoundingClientRect(), r = c.getBoundingClientRect();
    if (k.right > r.right - 1 || k.bottom > r.bottom || k.left < r.left || k.top < r.top) {
      out.push(name(c) + ": its corner " + corner.textContent + " is cut");
    }
    if (parseFloat(getComputedStyle(corner).fontSize) < 11) out.push(name(c) + ": its corner's text is under 11 px");
    for (let s = c.nextElementSibling; s; s = s.nextElementSibling) {
      const o = s.getBoundingClientRect();
      const w = Math.min(k.right, o.right) - Math.max(k.left, o.left);
      const h = Math.min(k.bottom, o.bottom) - Math.max(k.top, o.top);
      if (w > 0.5 && h > 0.5) out.push(name(c) + ": its corner " + corner.textContent + " is under " + name(s));
    }
  }
  for (const p of document.querySelectorAll('.place[data-count="0"]')) {
    const h = p.getBoundingClientRect().height;
    if (h > ch + 4) out.push(name(p) + " is empty but " + h.toFixed(1) + " px high (a card is " + ch + ")");
  }
  return out;
}

const errors = [];
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, offline: true });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.type() + ": " + m.text()); });
  page.on("pageerror", (e) => errors.push("page error: " + e.message));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) errors.push("request: " + r.url());
  });
  await page.goto(pathToFileURL(resolve(pageFile)).href);
  const state = () => page.evaluate(() => {
    const shown = (id) => { const e = document.getElementById(id); return !e.hidden && e.getClientRects().length > 0; };
    return {
      move: Number(document.getElementById("move-number").textContent),
      count: Number(document.getElementById("move-count").textContent),
      slider: Number(document.getElementById("slider").value),
      won: shown("won"),
      unfinished: shown("unfinished"),
      cardsUp: document.getElementById("cards-up").textContent,
      places: Object.fromEntries([...document.querySelectorAll(".place")]
        .map((e) => [e.dataset.place, e.dataset.cards])),
    };
  });
  const steps = [];
  for (const step of plan) {
    if (step.width) {
      await page.setViewportSize({ width: step.width, height: 900 });
      // Two frames: the resize handler has run and the page is laid out again.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    const seen = [];
    if (step.play) {
      const from = (await state()).move;
      await page.keyboard.press(" ");
      await page.waitForFunction((n) => Number(document.getElementById("move-number").textContent) >= n + 2, from,
        { timeout: 20000 });
      await page.keyboard.press(" ");
      const playing = await page.evaluate(() => document.body.dataset.playing);
      seen.push({ ...(await state()), playing });
    } else if (step.each) {
      for (let i = 0; i < step.each; i++) {
        await page.keyboard.press("ArrowRight");
        seen.push(await state());
      }
    } else if (step.click) {
      await page.click(step.click);
      seen.push(await state());
    } else if (step.jump !== undefined) {
      await page.locator("#jump").fill(String(step.jump));
      await page.keyboard.press("Tab");
      seen.push(await state());
    } else if (step.slide !== undefined) {
      await page.locator("#slider").evaluate((e, n) => {
        e.value = String(n);
        e.dispatchEvent(new Event("input", { bubbles: true }));
        e.dispatchEvent(new Event("change", { bubbles: true }));
      }, step.slide);
      seen.push(await state());
    } else if (step.slideClick !== undefined) {
      const box = await page.locator("#slider").boundingBox();
      await page.locator("#slider").click({ position: { x: box.width * step.slideClick, y: box.height / 2 } });
      seen.push(await state());
    } else {
      for (const k of step.keys || []) await page.keyboard.press(k);
      seen.push(await state());
    }
    if (step.check) seen[seen.length - 1].problems = await page.evaluate(problems);
    if (step.shot) await page.screenshot({ path: step.shot, fullPage: true });
    steps.push(...seen);
  }
  await page.screenshot({ path: shot });
  console.log(JSON.stringify({ steps, errors }));
} finally {
  await browser.close();
}
