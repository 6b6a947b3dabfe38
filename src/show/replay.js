// The replay page: draws the position after each move from the embedded data (positions the
// engine reached, as deal files) and steps through them by buttons and keys.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const last = data.moves.length;
  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  let at = 0;
  let timer = null;

  const $ = (id) => document.getElementById(id);
  const places = {};
  document.querySelectorAll(".place").forEach((el) => { places[el.dataset.place] = el; });

  // A card from its deal-file text: `7H` face up, `7h` face down.
  function card(text) {
    const el = document.createElement("div");
    const suit = text.slice(-1);
    const up = suit === suit.toUpperCase();
    el.dataset.card = text;
    if (!up) {
      el.className = "card back";
      return el;
    }
    const rank = text.slice(0, -1).toUpperCase();
    const s = SUITS[suit.toUpperCase()];
    el.className = "card " + ("DH".includes(suit) ? "red" : "black");
    const corner = (cls) => {
      const c = document.createElement("span");
      c.className = "corner " + cls;
      c.textContent = rank + "\n" + s;
      return c;
    };
    const pip = document.createElement("span");
    pip.className = "pip";
    pip.textContent = s;
    el.append(corner("tl"), pip, corner("br"));
    return el;
  }

  function cardHeight() {
    return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--ch")) || 100;
  }

  // Fills one place: its data-cards (bottom first) and the cards a person would see.
  function fill(name, cards, how) {
    const el = places[name];
    if (!el) return;
    el.dataset.cards = cards.join(" ");
    el.dataset.count = String(cards.length);
    const holder = el.querySelector(".cards");
    holder.replaceChildren();
    if (cards.length === 0) return;
    if (how === "fan") {
      const h = cardHeight();
      const down = 0.12 * h, up = 0.3 * h;
      let y = 0;
      cards.forEach((t, i) => {
        const c = card(t);
        c.style.top = y + "px";
        holder.append(c);
        if (i + 1 < cards.length) y += c.classList.contains("back") ? down : up;
      });
      holder.style.height = (y + h) + "px";
    } else if (how === "waste") {
      const shown = cards.slice(-Math.max(1, data.layout.draw));
      shown.forEach((t, i) => {
        const c = card(t);
        c.style.left = (i * 0.22 * cardHeight()) + "px";
        holder.append(c);
      });
    } else if (how === "stock") {
      const c = card(cards[cards.length - 1].toLowerCase());
      holder.append(c);
    } else {
      holder.append(card(cards[cards.length - 1]));
    }
  }

  function draw() {
    const p = data.positions[at];
    (p["tableau piles"] || []).forEach((pile, i) => fill("T" + (i + 1), pile, "fan"));
    for (let i = 0; i < data.layout.reserve; i++) {
      const slot = (p.reserve || [])[i];
      fill("R" + (i + 1), slot ? [slot] : [], "top");
    }
    for (let i = 0; i < data.layout.foundations; i++) {
      fill("F" + (i + 1), (p.foundations || [])[i] || [], "top");
    }
    if (data.layout.draw > 0) {
      fill("S", p.stock || [], "stock");
      fill("W", p.waste || [], "waste");
      $("stock-count").textContent = String((p.stock || []).length);
    }
    document.querySelectorAll(".place.from, .place.to").forEach((el) => el.classList.remove("from", "to"));
    const m = at > 0 ? data.moves[at - 1] : null;
    if (m) {
      if (places[m.from]) places[m.from].classList.add("from");
      if (places[m.to]) places[m.to].classList.add("to");
    }
    $("move-number").textContent = String(at);
    document.body.dataset.move = String(at);
    $("current-move").textContent = m ? at + ". " + m.token + "  " + m.text : "The deal";
    document.querySelectorAll("#moves li.current").forEach((li) => li.classList.remove("current"));
    const li = document.querySelector('#moves li[data-move="' + at + '"]');
    if (li) {
      li.classList.add("current");
      const list = $("moves");
      if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = li.offsetTop - list.clientHeight / 2;
      }
    }
    $("jump").value = String(at);
    $("back").disabled = $("first").disabled = at === 0;
    $("forward").disabled = $("last").disabled = at === last;
  }

  function go(n) {
    const next = Math.max(0, Math.min(last, n));
    if (next !== at) {
      at = next;
      draw();
    }
    if (at === last) pause();
  }
  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("play").textContent = "\u25B6 Play";
    document.body.dataset.playing = "false";
  }
  function play() {
    if (at === last) go(0);
    if (timer !== null || last === 0) return;
    timer = setInterval(() => go(at + 1), Number($("speed").value));
    $("play").textContent = "|| Pause";
    document.body.dataset.playing = "true";
  }
  const toggle = () => (timer === null ? play() : pause());

  // Card size from the room the widest row needs.
  function size() {
    const L = data.layout;
    const top = (L.draw > 0 ? 2 + 0.6 * Math.max(0, Math.min(L.draw, 3) - 1) + 0.5 : 0) + L.foundations;
    const reserveCols = L.reserve > L.piles ? Math.ceil(L.reserve / 2) : L.reserve;
    const cols = Math.max(L.piles, reserveCols, top);
    const width = $("board").clientWidth - 24;
    // Rows of cards to fit in the window's height: the top row, the reserve's, and the
    // tableau's fanned piles (about four and a half cards high).
    const rows = 1 + (L.reserve === 0 ? 0 : Math.ceil(L.reserve / reserveCols)) + 4.5;
    const fitHeight = (window.innerHeight - 150) / (1.4 * rows + 0.4);
    const cw = Math.max(34, Math.min(84, fitHeight, (width - 8 * (cols - 1)) / cols));
    document.documentElement.style.setProperty("--cw", cw + "px");
    document.documentElement.style.setProperty("--ch", (cw * 1.4) + "px");
    document.documentElement.style.setProperty("--reserve-cols", String(reserveCols || 1));
    draw();
  }

  // A clicked button gives its focus back, so that space plays or pauses instead of
  // pressing the button again.
  document.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => b.blur()));
  $("first").addEventListener("click", () => { pause(); go(0); });
  $("back").addEventListener("click", () => { pause(); go(at - 1); });
  $("play").addEventListener("click", toggle);
  $("forward").addEventListener("click", () => { pause(); go(at + 1); });
  $("last").addEventListener("click", () => { pause(); go(last); });
  $("jump").addEventListener("change", (e) => { pause(); go(parseInt(e.target.value, 10) || 0); });
  $("speed").addEventListener("change", () => { if (timer !== null) { pause(); play(); } });
  $("moves").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-move]");
    if (li) { pause(); go(Number(li.dataset.move)); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const keys = {
      " ": toggle,
      ArrowRight: () => { pause(); go(at + 1); },
      ArrowLeft: () => { pause(); go(at - 1); },
      ArrowDown: () => { pause(); go(at + 1); },
      ArrowUp: () => { pause(); go(at - 1); },
      PageDown: () => { pause(); go(at + 10); },
      PageUp: () => { pause(); go(at - 10); },
      Home: () => { pause(); go(0); },
      End: () => { pause(); go(last); },
    };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  });
  // `page.html#40` opens the page at move 40.
  function fromHash() {
    const m = /^#(\d+)$/.exec(location.hash);
    if (m) { pause(); go(Number(m[1])); }
  }
  window.addEventListener("hashchange", fromHash);
  window.addEventListener("resize", size);
  size();
  fromHash();
})();
