// Drives a replay page (`patience show --html`) in headless chromium: opens the file with no
// network, presses the keys of each step of a plan, and after each step reads the move number
// and every place's cards from the DOM. Prints {steps: [...], errors: [...]} as JSON; the Rust
// test (tests/it/show.rs) compares the steps with the engine's replay.
//
// node replay.mjs PAGE.html PLAN.json SCREENSHOT.png
// PLAN: a list of steps, each giving one state, or `each` giving one per key press:
//   {"keys": ["ArrowRight", ...]}   press the keys
//   {"each": N}                     press the right arrow N times, a state after each
//   {"play": true}                  press space, wait for two moves to be played, press space
//   {"click": "SELECTOR"}           click an element (a button, a move of the list)
//   {"jump": N}                     type N into the "go to" box and leave it
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
  const state = () => page.evaluate(() => ({
    move: Number(document.getElementById("move-number").textContent),
    count: Number(document.getElementById("move-count").textContent),
    places: Object.fromEntries([...document.querySelectorAll(".place")]
      .map((e) => [e.dataset.place, e.dataset.cards])),
  }));
  const steps = [];
  for (const step of plan) {
    if (step.play) {
      const from = (await state()).move;
      await page.keyboard.press(" ");
      await page.waitForFunction((n) => Number(document.getElementById("move-number").textContent) >= n + 2, from,
        { timeout: 20000 });
      await page.keyboard.press(" ");
      const playing = await page.evaluate(() => document.body.dataset.playing);
      steps.push({ ...(await state()), playing });
    } else if (step.each) {
      for (let i = 0; i < step.each; i++) {
        await page.keyboard.press("ArrowRight");
        steps.push(await state());
      }
    } else if (step.click) {
      await page.click(step.click);
      steps.push(await state());
    } else if (step.jump !== undefined) {
      await page.locator("#jump").fill(String(step.jump));
      await page.keyboard.press("Tab");
      steps.push(await state());
    } else {
      for (const k of step.keys) await page.keyboard.press(k);
      steps.push(await state());
    }
  }
  await page.screenshot({ path: shot });
  console.log(JSON.stringify({ steps, errors }));
} finally {
  await browser.close();
}
