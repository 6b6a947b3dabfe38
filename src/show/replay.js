// The replay page: rebuilds the position after each move from the embedded data (the deal's
// places and what each move the engine played changed) and steps through them by buttons,
// the slider, the move list and keys.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const last = data.moves.length;
  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  // Every EVERY-th position is kept whole, so that a jump replays fewer than EVERY moves.
  const EVERY = 256;
  let at = 0;
  let timer = null;

  const $ = (id) => document.getElementById(id);
  const places = {};
  document.querySelectorAll(".place").forEach((el) => { places[el.dataset.place] = el; });

  const split = (text) => (text === "" ? [] : text.split(" "));
  function applyMove(pos, n) {
    data.moves[n - 1].changes.forEach(([name, kept, added]) => {
      pos[name] = pos[name].slice(0, kept).concat(split(added));
    });
  }
  const kept = [];
  {
    const pos = {};
    Object.entries(data.start).forEach(([name, cards]) => { pos[name] = split(cards); });
    kept.push({ ...pos });
    for (let n = 1; n <= last; n++) {
      applyMove(pos, n);
      if (n % EVERY === 0) kept.push({ ...pos });
    }
  }
  // The position after move n: each place's cards, bottom first.
  function position(n) {
    const k = Math.floor(n / EVERY);
    const pos = { ...kept[k] };
    for (let i = k * EVERY + 1; i <= n; i++) applyMove(pos, i);
    return pos;
  }

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
    const corner = document.createElement("span");
    corner.className = "corner";
    corner.textContent = rank + s;
    const pip = document.createElement("span");
    pip.className = "pip";
    pip.textContent = s;
    el.append(corner, pip);
    return el;
  }

  const cssPx = (name) => parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name));

  // Fills one place: its data-cards (bottom first) and the cards a person would see.
  function fill(name, cards, how) {
    const el = places[name];
    if (!el) return;
    el.dataset.cards = cards.join(" ");
    el.dataset.count = String(cards.length);
    const holder = el.querySelector(".cards");
    holder.replaceChildren();
    holder.style.height = "";
    if (cards.length === 0) return;
    if (how === "fan") {
      const h = cssPx("--ch") || 100;
      const down = 0.12 * h, up = cssPx("--fan") || 0.3 * h;
      let y = 0;
      cards.forEach((t, i) => {
        const c = card(t);
        c.style.top = y + "px";
        holder.append(c);
        if (i + 1 < cards.length) y += c.classList.contains("back") ? down : up;
      });
      holder.style.height = (y + h) + "px";
    } else if (how === "waste") {
      const shown = cards.slice(-Math.max(1, Math.min(3, data.layout.draw)));
      const step = cssPx("--waste-step") || 0;
      shown.forEach((t, i) => {
        const c = card(t);
        c.style.left = (i * step) + "px";
        holder.append(c);
      });
    } else if (how === "stock") {
      holder.append(card(cards[cards.length - 1].toLowerCase()));
    } else {
      holder.append(card(cards[cards.length - 1]));
    }
  }

  function draw() {
    const p = position(at);
    Object.keys(p).forEach((name) => {
      const how = name[0] === "T" ? "fan" : name === "W" ? "waste" : name === "S" ? "stock" : "top";
      fill(name, p[name], how);
    });
    if (data.layout.draw > 0) $("stock-count").textContent = String(p.S.length);
    document.querySelectorAll(".place.from, .place.to").forEach((el) => el.classList.remove("from", "to"));
    const m = at > 0 ? data.moves[at - 1] : null;
    if (m) {
      if (places[m.from]) places[m.from].classList.add("from");
      if (places[m.to]) places[m.to].classList.add("to");
    }
    $("move-number").textContent = String(at);
    document.body.dataset.move = String(at);
    $("current-move").textContent = m ? at + ". " + m.token + "  " + m.text : "The deal";
    $("won").hidden = data.won === null || at < data.won;
    $("unfinished").hidden = data.won !== null || at !== last;
    if (data.won === null && at === last) {
      let up = 0;
      Object.keys(p).forEach((name) => { if (name[0] === "F") up += p[name].length; });
      $("cards-up").textContent = String(up);
    }
    document.querySelectorAll("#moves li.current").forEach((li) => li.classList.remove("current"));
    const li = $("moves").children[at];
    if (li) {
      li.classList.add("current");
      const list = $("moves");
      if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = li.offsetTop - list.clientHeight / 2;
      }
    }
    $("jump").value = String(at);
    $("slider").value = String(at);
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

  // The move list, one item per position (the deal first).
  function list() {
    const items = [["0.", "deal", ""]].concat(data.moves.map((m, i) => [(i + 1) + ".", m.token, m.text]));
    const ol = $("moves");
    items.forEach((cells, i) => {
      const li = document.createElement("li");
      li.dataset.move = String(i);
      ["n", "tok", "txt"].forEach((cls, j) => {
        const s = document.createElement("span");
        s.className = cls;
        s.textContent = cells[j];
        li.append(s);
      });
      ol.append(li);
    });
  }

  // Card size from the room the board has: the widest row in one line if cards stay big
  // enough to read, else the tableau and reserve in two or more lines.
  function size() {
    const L = data.layout;
    const MIN = 40, MAX = 84;
    const turned = L.draw > 0 ? Math.min(L.draw, 3) : 0;
    const stockCols = turned > 0 ? 2 + 0.8 * (turned - 1) : 0;
    const top = stockCols + L.foundations;
    const reserveCols = L.reserve > L.piles ? Math.ceil(L.reserve / 2) : L.reserve;
    const board = $("board");
    const style = getComputedStyle(board);
    const width = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const gap = width < 500 ? 5 : 8;
    const fit = (cols) => (width - gap * (Math.ceil(cols) - 1)) / cols;
    let cw = fit(Math.max(L.piles, reserveCols, top));
    let lines = 1;
    while (cw < MIN && Math.ceil(L.piles / lines) > 1) {
      lines += 1;
      cw = fit(Math.ceil(Math.max(L.piles, reserveCols) / lines));
    }
    if (lines === 1) {
      // Rows of cards to fit in the window's height: the top row, the reserve's, and the
      // tableau's fanned piles (about four and a half cards high).
      const rows = 1 + (L.reserve === 0 ? 0 : Math.ceil(L.reserve / reserveCols)) + 4.5;
      const fitHeight = (window.innerHeight - 150) / (1.4 * rows + 0.4);
      cw = Math.min(cw, Math.max(MIN, fitHeight));
    }
    cw = Math.floor(Math.max(Math.min(cw, MAX), 24));
    const perLine = Math.max(1, Math.floor((width + gap) / (cw + gap)));
    const root = document.documentElement.style;
    root.setProperty("--cw", cw + "px");
    root.setProperty("--ch", Math.round(cw * 1.4) + "px");
    root.setProperty("--gap", gap + "px");
    root.setProperty("--fan", Math.ceil(cw * 0.42) + "px");
    // The waste shows up to three cards, each the width of a corner right of the one below.
    const step = Math.ceil(cw * 0.8);
    root.setProperty("--waste-step", step + "px");
    root.setProperty("--waste-w", (cw + step * Math.max(0, turned - 1)) + "px");
    root.setProperty("--pile-cols", String(Math.min(L.piles, perLine) || 1));
    root.setProperty("--reserve-cols", String(Math.min(reserveCols, perLine) || 1));
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
  $("slider").addEventListener("input", (e) => { pause(); go(Number(e.target.value)); });
  $("speed").addEventListener("change", () => { if (timer !== null) { pause(); play(); } });
  $("moves").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-move]");
    if (li) { pause(); go(Number(li.dataset.move)); }
  });
  document.addEventListener("keydown", (e) => {
    // The number box and the speed menu take their own keys; the slider takes the page's.
    if ((e.target instanceof HTMLInputElement && e.target.type !== "range") || e.target instanceof HTMLSelectElement) return;
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
  list();
  size();
  fromHash();
})();
