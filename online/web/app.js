// @ts-check
/** The web seat: the table's frames in (docs/protocol.md), intents out. No game logic: what
 * fits where is the view's ``legal``, a hint is the server's; the page only draws them. */

const PROTOCOL = 4;
const FINAL_CLOSES = [1000, 1008, 1009, 4001, 4002, 4003];
const RETRY_MS = [250, 500, 1000, 2000, 4000];

/** @typedef {{seat: number, kind: string, name: string, level: string, reconnecting: boolean, handed_over: boolean}} Chair */
/** @typedef {{tile?: string, end?: string | null, pass?: boolean, redeal?: boolean, choose?: number, tiles?: string[], face_down?: boolean}} Move */
/** @typedef {{seat: number, tiles: string[] | null, count: number, face_down: boolean}} SeenPlay */
/** A settlement line as the wire carries it: seat, its columns, payer, payee, base, multipliers, amount, captured.
 * @typedef {[number, number, number, number, number, string[], number, boolean]} Settlement */
/**
 * @typedef {{termination?: string, winner?: string | null, domino_seat?: number | null, dekabes?: boolean, points?: number,
 *   score_after?: number[], total?: number[], pips?: number[], columns?: number[], last_winner?: number, immediate?: number[],
 *   settlement?: number[], settlements?: Settlement[], last_trick_bonus?: string | null, sweep?: boolean,
 *   big_six_capture?: boolean}} Result
 */
/** @typedef {{plays: SeenPlay[], winner: number, columns: number, immediate: number[], bonus: string | null}} Trick */
/**
 * @typedef {{game: string, seat: number, phase: string, to_act: number | null, legal: Move[], hand: string[],
 *   round_number: number, tile_counts?: number[], line?: [string, number, number][], ends?: [number, number] | null,
 *   score?: number[], base?: number, may_throw_in?: boolean, hand_sizes?: number[], current?: SeenPlay[],
 *   tricks?: Trick[], trick_size?: number | null, banker?: number, columns?: number[],
 *   totals?: number[], early_death?: boolean, result: Result | null, revealed_hands: string[][] | null}} View
 */
/**
 * @typedef {{position: number, started: boolean, chairs: Chair[], view: View | null, paused_by: number[],
 *   asking: {kind: string, by: number, yes: number[]} | null, ready: number[], over: boolean, can_undo: boolean,
 *   can_redo: boolean}} TableState
 */

const S = {
  code: "",
  /** @type {string | null} */ token: null,
  /** @type {number | null} */ seat: null,
  watcher: false,
  game: "",
  /** @type {Chair[]} */ chairs: [],
  /** @type {TableState | null} */ state: null,
  /** @type {WebSocket | null} */ ws: null,
  /** @type {Record<string, unknown> | null} */ first: null,
  tries: 0,
  online: false,
  /** @type {string | null} */ selected: null,
  /** @type {number[]} */ picked: [],
  /** @type {Move | null} */ pending: null,
  message: "",
  passedAt: -1,
  hinting: false,
  why: "",
  whyOpen: false,
  sayOpen: false,
  refusals: 0,
};

/** @param {string} id */
function $(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** A real button, named for screen readers and tests. @param {string} label @param {() => void} act @param {string} [cls] */
function button(label, act, cls = "") {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = label;
  if (cls) made.className = cls;
  made.addEventListener("click", act);
  return made;
}

function tokenKey() {
  return `domino-seat:${S.code}`;
}

/** The table code of the address's fragment, as a person types it (any case, spaces or dashes). */
function codeOfAddress() {
  return decodeURIComponent(location.hash.slice(1)).toUpperCase().replace(/[\s-]/g, "");
}

// --- the connection ---------------------------------------------------------------------

/** @param {Record<string, unknown>} frame */
function send(frame) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(frame));
}

/** Open a connection whose first frame is ``first`` (hello, look or watch). @param {Record<string, unknown>} first */
function connect(first) {
  S.first = first;
  const ws = new WebSocket(`ws://${location.host}/`);
  S.ws = ws;
  ws.addEventListener("open", () => ws.send(JSON.stringify(first)));
  ws.addEventListener("message", (event) => receive(JSON.parse(String(event.data))));
  ws.addEventListener("close", (event) => dropped(ws, event.code));
}

/** @param {WebSocket} ws @param {number} code */
function dropped(ws, code) {
  if (ws !== S.ws) return;
  S.online = false;
  if (S.first && S.first.type === "look") return;
  if (FINAL_CLOSES.includes(code)) {
    if (code === 4002) S.message = t("error.already_joined");
    else if (code !== 4001) S.message = t(S.state && S.state.over ? "web.match_over" : "web.closed");
    render();
    return;
  }
  S.message = t("online.reconnecting");
  $("status").textContent = S.message;
  render();
  const delay = RETRY_MS[Math.min(S.tries, RETRY_MS.length - 1)];
  S.tries += 1;
  setTimeout(() => connect(again()), delay);
}

/** The first frame that brings this page back where it was: its seat by token, or watching. */
function again() {
  if (S.watcher) return { type: "watch", protocol: PROTOCOL, code: S.code, language: I18N.lang };
  return { type: "hello", protocol: PROTOCOL, code: S.code, token: S.token, name: "", language: I18N.lang };
}

function look() {
  connect({ type: "look", protocol: PROTOCOL, code: S.code });
}

/** @param {number} seat */
function sit(seat) {
  const name = /** @type {HTMLInputElement} */ ($("name")).value.trim();
  localStorage.setItem("domino-name", name);
  connect({ type: "hello", protocol: PROTOCOL, code: S.code, seat, name, language: I18N.lang });
}

function watch() {
  S.watcher = true;
  connect({ type: "watch", protocol: PROTOCOL, code: S.code, language: I18N.lang });
}

// --- frames in ----------------------------------------------------------------------------

/** @param {any} frame */
function receive(frame) {
  switch (frame.type) {
    case "seats":
      showSeats(frame.game, frame.chairs);
      return;
    case "welcome":
      S.online = true;
      if (S.tries) S.message = t("online.back.you");
      S.tries = 0;
      S.seat = frame.seat;
      S.watcher = frame.seat === null;
      S.game = frame.game;
      S.chairs = frame.chairs;
      if (frame.token) {
        S.token = frame.token;
        localStorage.setItem(tokenKey(), frame.token);
      }
      break;
    case "state":
      took(frame);
      break;
    case "refused":
      refused(frame);
      break;
    case "settled":
      S.message = says(`online.${frame.agreed ? "agreed" : "declined"}.${frame.kind}`, frame.by);
      break;
    case "said":
      S.message = t("online.said", { who: nameOf(frame.seat), text: t(`phrase.${frame.phrase}`) });
      break;
    case "hint":
      hinted(frame);
      break;
    case "saving":
      S.message = frame.problem ? t(`online.cannot_save.${frame.problem}`) : "";
      break;
    default:
      return;
  }
  render();
}

/** A new state of the table: what was chosen for an older one is let go. @param {TableState} state */
function took(state) {
  const moved = !S.state || S.state.position !== state.position;
  S.state = state;
  S.chairs = state.chairs;
  if (moved) {
    S.selected = null;
    S.picked = [];
    S.pending = null;
    S.hinting = false;
    forgetWhy();
  }
  const view = state.view;
  const only = view && view.legal.length === 1 ? view.legal[0] : null;
  if (view && only && only.pass && mine(view) && view.phase === "playing" && !state.asking) {
    if (S.passedAt !== state.position) {
      S.passedAt = state.position;
      S.message = t("status.must_pass");
      decide(only);
    }
  }
}

/** @param {{code: string, params: Record<string, string | number>, text: string}} frame */
function refused(frame) {
  if (frame.code === "wrong_token") {
    localStorage.removeItem(tokenKey());
    S.token = null;
    look();
    return;
  }
  S.hinting = false;
  S.refusals += 1;
  const key = `error.${frame.code}`;
  S.message = I18N.has(key) ? t(key, frame.params) : frame.text;
  if (!S.state) showJoinMessage(S.message);
}

/** @param {{position: number, decision: Move & {seat: number}, reason: string, params: Record<string, string | number>, text: string, detail?: string}} frame */
function hinted(frame) {
  S.hinting = false;
  const view = S.state && S.state.view;
  if (!S.state || !view || frame.position !== S.state.position) return;
  const { seat, ...move } = frame.decision;
  S.pending = move;
  if (move.tile) S.selected = move.tile;
  if (move.tiles) S.picked = pickedFor(view.hand, move.tiles);
  const tg = view.game === "tiengow" ? "tg." : "";
  const key = `hint.${tg}${frame.reason}`;
  const params = { ...frame.params };
  if (typeof params.seat === "number") params.who = nameOf(params.seat);
  if (typeof params.number === "number") params.numbers = t(`numbers.${params.number}`);
  if (typeof params.name === "string") params.name = t(`tg.tile.${params.name.toLowerCase().replace(/ /g, "_")}`);
  if (tg) {
    for (const pips of ["tiles", "other"]) if (typeof params[pips] === "string") params[pips] = tilesText(String(params[pips]).split(" "));
    for (const number of ["points", "edge"]) if (number in params) params[number] = String(params[number]).replace(".", t("number.decimal_point"));
  }
  const reason = I18N.has(key) ? t(key, params) : frame.text;
  S.message = t("hint.says", { reason });
  const how = `hint.why.${tg}how`;
  const why = `hint.why.${tg}${frame.reason}`;
  const filled = { ...params, choice: choiceText(move, Boolean(tg)) };
  S.why = !frame.detail ? "" : I18N.has(how) && I18N.has(why) ? `${t(how, filled)}\n\n${t(why, filled)}` : frame.detail;
  S.whyOpen = false;
}

/** The hint's Why? is let go: a tile was chosen or the turn passed. */
function forgetWhy() {
  S.why = "";
  S.whyOpen = false;
}

/** Tiles by their Chinese names, their pips after: "Heaven + Nines (6-6 4-5)". @param {string[]} tiles */
function tilesText(tiles) {
  return `${tiles.map(chineseName).join(" + ")} (${tiles.join(" ")})`;
}

/** A suggested decision in a few words, as the game's Why? names it. @param {Move} move @param {boolean} tg */
function choiceText(move, tg) {
  if (tg) return move.face_down ? t("tg.down", { tiles: tilesText(move.tiles || []) }) : tilesText(move.tiles || []);
  if (move.tile) return move.end ? t("decision.play", { tile: move.tile, end: t(`end.${move.end}`) }) : move.tile;
  if (move.pass) return t("button.pass");
  if (move.redeal !== undefined) return t(move.redeal ? "button.throw_in" : "button.accept");
  if (move.choose === S.seat) return t("button.choose_self");
  return t("decision.choose", { who: nameOf(move.choose || 0) });
}

/** Indices of ``tiles`` in ``hand`` (each tile once). @param {string[]} hand @param {string[]} tiles */
function pickedFor(hand, tiles) {
  /** @type {number[]} */
  const picked = [];
  for (const tile of tiles) {
    const index = hand.findIndex((held, at) => held === tile && !picked.includes(at));
    if (index >= 0) picked.push(index);
  }
  return picked;
}

// --- intents out ---------------------------------------------------------------------------

/** @param {Move} move */
function decide(move) {
  if (!S.state || S.seat === null) return;
  send({ type: "decide", position: S.state.position, decision: { seat: S.seat, ...move } });
  S.pending = null;
}

/** @param {string} kind */
function ask(kind) {
  send({ type: "ask", kind });
}

// --- words ------------------------------------------------------------------------------------

/** @param {number} seat */
function nameOf(seat) {
  if (seat === S.seat) return t("web.you");
  const chair = S.chairs.find((c) => c.seat === seat);
  if (chair && chair.name) return chair.name;
  return t(chair && chair.kind === "computer" ? "name.computer.name" : "name.player.name", { seat });
}

/** The name of ``seat`` on its own, as a plate shows it ("Computer 2", not "the computer 2"). @param {number} seat */
function labelOf(seat) {
  const chair = S.chairs.find((c) => c.seat === seat);
  if (seat === S.seat || (chair && chair.name)) return nameOf(seat);
  return t(chair && chair.kind === "computer" ? "name.computer.label" : "name.player.label", { seat });
}

/** ``seat`` in one of the catalogue's forms ("subject", "name", "to", "label"), as the game names seats. @param {number} seat @param {string} form */
function formOf(seat, form) {
  if (seat === S.seat) return t(`name.you.${form}`);
  const chair = S.chairs.find((c) => c.seat === seat);
  if (chair && chair.name) return t(`name.person.${form}`, { name: chair.name });
  return t(`name.${chair && chair.kind === "computer" ? "computer" : "player"}.${form}`, { seat });
}

/** Sentence ``key`` about ``seat`` as the game words it: its ``.you`` form for this page's own seat, else
 * the seat as ``{who}`` (starting it) or ``{whom}`` (inside it). @param {string} key @param {number} seat
 * @param {Record<string, string | number>} [params] */
function tells(key, seat, params = {}) {
  if (seat === S.seat && I18N.has(`${key}.you`)) return t(`${key}.you`, params);
  return t(key, { who: formOf(seat, "subject"), whom: formOf(seat, "name"), ...params });
}

/** ``n`` with its sign, as the game's summary writes a gain or a loss ("+4", "-2", "+0"). @param {number} n */
function signed(n) {
  return n < 0 ? String(n) : `+${n}`;
}

/** A sentence about ``seat``: its ``.you`` form for this page's own seat. @param {string} key @param {number} seat */
function says(key, seat) {
  if (seat === S.seat && I18N.has(`${key}.you`)) return t(`${key}.you`);
  return t(key, { who: nameOf(seat), whom: nameOf(seat) });
}

/** Whether this page decides now: its seat is to act and no computer plays it meanwhile. @param {View} view */
function mine(view) {
  return !S.watcher && S.seat !== null && view.to_act === S.seat && !handedOver();
}

function handedOver() {
  const chair = S.chairs.find((c) => c.seat === S.seat);
  return Boolean(chair && chair.handed_over);
}

/** @param {Move} a @param {Move} b */
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** @param {string[]} tiles */
function sorted(tiles) {
  return [...tiles].sort().join(",");
}

// --- drawing ---------------------------------------------------------------------------------

function render() {
  const state = S.state;
  const view = state && state.view;
  $("join").hidden = Boolean(state) || S.online;
  $("table").hidden = !(state || S.online);
  $("message").textContent = S.message;
  drawWhy();
  if (!state) {
    $("status").textContent = S.online ? t("join.waiting_host") : S.message;
    return;
  }
  document.body.dataset.game = S.game;
  const table = $("table");
  table.dataset.position = String(state.position);
  table.dataset.phase = view ? view.phase : "waiting";
  table.dataset.toAct = view && view.to_act !== null ? String(view.to_act) : "";
  table.dataset.online = String(S.online);
  table.dataset.seat = S.seat === null ? "" : String(S.seat);
  table.dataset.over = String(state.over);
  table.dataset.refusals = String(S.refusals);
  const game = t(`game.${S.game}`);
  $("title").textContent = !view
    ? game
    : S.game === "tiengow"
      ? t("tg.title", { game, deal: view.round_number })
      : t("table.title", { game, round: view.round_number });
  drawPlates(view);
  drawQuestion(state);
  if (!view) {
    $("status").textContent = S.watcher ? t("web.watching") : t("join.waiting_host");
    for (const id of ["board", "hand", "places", "decide", "tools", "result", "score"]) $(id).replaceChildren();
    return;
  }
  $("status").textContent = S.online || state.over ? statusLine(view, state) : t("online.reconnecting");
  if (view.game === "tiengow") drawTienGow(view);
  else drawBlocks(view);
  drawResult(view);
  drawTools(view, state);
}

/** @param {View} view @param {TableState} state */
function statusLine(view, state) {
  if (view.result) return t(view.game === "tiengow" ? "tg.status.deal_over" : "status.round_over");
  if (state.asking) return t("online.waiting_answer");
  if (state.paused_by.length) return t("online.paused", { who: nameOf(state.paused_by[0]) });
  if (S.watcher) return view.to_act === null ? t("web.watching") : t("web.turn", { who: nameOf(view.to_act) });
  if (handedOver()) return t("online.computer_plays.you");
  if (!mine(view)) return view.to_act === null ? t("status.wait") : t("web.turn", { who: nameOf(view.to_act) });
  if (S.pending) return t("web.preview");
  if (view.phase === "accepting") return t(view.may_throw_in ? "status.accept_throw_in" : "status.accept");
  if (view.phase === "choosing") return t("status.choose");
  if (view.game === "tiengow") {
    if (view.early_death) return t("tg.status.early_death");
    if (!view.trick_size) return t("tg.status.lead");
    return t("tg.status.follow", { count: view.trick_size });
  }
  if (S.selected) return t("status.pick_end");
  return t("status.your_turn");
}

/** @param {View | null} view */
function drawPlates(view) {
  const plates = $("plates");
  plates.replaceChildren();
  for (const chair of S.chairs) {
    const plate = document.createElement("li");
    plate.className = "plate";
    if (view && view.to_act === chair.seat) {
      plate.classList.add("turn");
      plate.setAttribute("aria-current", "true");
    }
    const name = document.createElement("strong");
    name.textContent = labelOf(chair.seat);
    const detail = document.createElement("span");
    /** @type {string[]} */
    const parts = [];
    if (view) {
      const counts = view.game === "tiengow" ? view.hand_sizes : view.tile_counts;
      if (counts) parts.push(t("seat.tiles", { count: counts[chair.seat - 1] }));
      if (view.game === "tiengow" && view.columns) parts.push(t("tg.columns", { count: view.columns[chair.seat - 1] }));
      if (view.game === "tiengow" && view.banker === chair.seat) parts.push(t("tg.banker_chip"));
    }
    if (chair.reconnecting) parts.push(t("online.plate.away"));
    if (chair.handed_over) parts.push(t("online.plate.computer"));
    detail.textContent = parts.join(" · ");
    plate.append(name, detail);
    plates.append(plate);
  }
  const score = $("score");
  if (!view) score.textContent = "";
  else if (view.game === "tiengow" && view.totals)
    score.textContent = `${t("web.totals")}: ${runningTotals(view).map((n, i) => `${labelOf(i + 1)} ${n}`).join(" · ")}`;
  else if (view.score)
    score.textContent = `${t("team.A")} ${view.score[0]} · ${t("team.B")} ${view.score[1]} · ${t("score.base", { base: view.base || 0 })}`;
}

/** @param {TableState} state */
function drawQuestion(state) {
  const box = $("question");
  box.replaceChildren();
  const asking = state.asking;
  box.hidden = !asking;
  if (!asking) return;
  const text = document.createElement("p");
  text.textContent = says(`online.question.${asking.kind}`, asking.by);
  box.append(text);
  if (S.seat !== null && !S.watcher && asking.by !== S.seat && !asking.yes.includes(S.seat)) {
    box.append(
      button(t("online.answer.yes"), () => send({ type: "answer", yes: true })),
      button(t("online.answer.no"), () => send({ type: "answer", yes: false })),
    );
  }
}

// --- Chiva and Dékabès ----------------------------------------------------------------------------

/** @param {View} view */
function drawBlocks(view) {
  const board = $("board");
  board.replaceChildren();
  board.setAttribute("aria-label", t("web.line"));
  const line = view.line || [];
  if (view.ends) {
    const ends = document.createElement("p");
    ends.className = "ends";
    ends.textContent = `${t("web.place.left")} ${view.ends[0]} · ${t("web.place.right")} ${view.ends[1]}`;
    board.append(ends);
  }
  const pending = S.pending && S.pending.tile ? S.pending : null;
  const ghost = (/** @type {string} */ tile, /** @type {number} */ end) => {
    const [a, b] = numbers(tile);
    const other = a === end ? b : a;
    return [other, end];
  };
  if (pending && view.ends && pending.end === "left") {
    const [other, end] = ghost(/** @type {string} */ (pending.tile), view.ends[0]);
    board.append(labelled(face(other, end, "ghost"), /** @type {string} */ (pending.tile)));
  }
  for (const [tile, left, right] of line) board.append(labelled(face(left, right), tile));
  if (pending && view.ends && pending.end === "right") {
    const [other, end] = ghost(/** @type {string} */ (pending.tile), view.ends[1]);
    board.append(labelled(face(end, other, "ghost"), /** @type {string} */ (pending.tile)));
  }
  if (pending && !view.ends) board.append(labelled(tileFace(/** @type {string} */ (pending.tile), "ghost"), String(pending.tile)));
  const playing = mine(view) && view.phase === "playing";
  const hand = $("hand");
  hand.replaceChildren();
  hand.setAttribute("aria-label", t("web.hand"));
  for (const tile of view.hand) {
    const fits = playing && view.legal.some((move) => move.tile === tile);
    const pick = button("", () => {
      S.selected = S.selected === tile ? null : tile;
      S.pending = null;
      forgetWhy();
      const places = view.legal.filter((move) => move.tile === S.selected);
      if (places.length === 1) S.pending = places[0];
      render();
    }, "tile-button");
    pick.append(tileFace(tile));
    pick.setAttribute("aria-label", tile);
    pick.setAttribute("aria-pressed", String(S.selected === tile));
    pick.disabled = !fits;
    hand.append(pick);
  }
  const places = $("places");
  places.replaceChildren();
  if (playing && S.selected) {
    for (const move of view.legal.filter((m) => m.tile === S.selected)) {
      const key = move.end === "left" ? "web.place.left" : move.end === "right" ? "web.place.right" : "web.place.first";
      const place = button(t(key), () => {
        S.pending = move;
        render();
      }, "place");
      place.setAttribute("aria-pressed", String(Boolean(S.pending && same(S.pending, move))));
      places.append(place);
    }
  }
  const choices = $("decide");
  choices.replaceChildren();
  if (!mine(view)) return;
  if (view.phase === "accepting" || view.phase === "choosing") {
    for (const move of view.legal) {
      const key =
        move.redeal === true ? "button.throw_in"
        : move.redeal === false ? "button.accept"
        : move.choose === S.seat ? "button.choose_self" : "button.choose_partner";
      const choice = button(t(key), () => {
        S.pending = move;
        render();
      });
      choice.setAttribute("aria-pressed", String(Boolean(S.pending && same(S.pending, move))));
      choices.append(choice);
    }
  }
  confirmButtons(choices);
}

/** @param {HTMLElement} tile @param {string} name */
function labelled(tile, name) {
  tile.setAttribute("role", "img");
  tile.setAttribute("aria-label", name);
  return tile;
}

/** Confirm and Choose again, under a pending decision. @param {HTMLElement} box */
function confirmButtons(box) {
  const pending = S.pending;
  if (!pending) return;
  box.append(
    button(t("button.confirm"), () => decide(pending), "confirm"),
    button(t("web.cancel"), () => {
      S.pending = null;
      S.selected = null;
      S.picked = [];
      render();
    }),
  );
}

// --- Tien Gow --------------------------------------------------------------------------------------

/** @param {SeenPlay} play @param {string} [extra] */
function playFaces(play, extra = "") {
  const group = document.createElement("span");
  group.className = `play ${play.face_down ? "down" : ""} ${extra}`.trim();
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = labelOf(play.seat);
  group.append(who);
  if (play.tiles) for (const tile of play.tiles) group.append(labelled(tileFace(tile), tileName(tile, true)));
  else {
    for (let n = 0; n < play.count; n++) group.append(backFace());
    group.setAttribute("aria-label", `${nameOf(play.seat)}: ${t("tg.log.face_down", { count: play.count })}`);
  }
  return group;
}

/** @param {View} view */
function drawTienGow(view) {
  const board = $("board");
  board.replaceChildren();
  board.setAttribute("aria-label", t("web.trick"));
  const current = view.current || [];
  const tricks = view.tricks || [];
  const plays = current.length || !tricks.length ? current : tricks[tricks.length - 1].plays;
  for (const play of plays) board.append(playFaces(play, current.length ? "" : "last"));
  if (S.pending && S.pending.tiles && S.seat !== null) {
    board.append(playFaces({ seat: S.seat, tiles: S.pending.tiles, count: S.pending.tiles.length, face_down: Boolean(S.pending.face_down) }, "ghost"));
  }
  const playing = mine(view) && view.phase === "playing";
  const hand = $("hand");
  hand.replaceChildren();
  hand.setAttribute("aria-label", t("web.hand"));
  view.hand.forEach((tile, index) => {
    const pick = button("", () => {
      S.picked = S.picked.includes(index) ? S.picked.filter((n) => n !== index) : [...S.picked, index];
      S.pending = null;
      forgetWhy();
      render();
    }, "tile-button");
    pick.append(tileFace(tile));
    pick.setAttribute("aria-label", tileName(tile, true));
    pick.setAttribute("aria-pressed", String(S.picked.includes(index)));
    pick.disabled = !playing;
    hand.append(pick);
  });
  $("places").replaceChildren();
  const choices = $("decide");
  choices.replaceChildren();
  if (!playing) return;
  const chosen = sorted(S.picked.map((index) => view.hand[index]));
  for (const faceDown of [false, true]) {
    const move = view.legal.find((m) => m.face_down === faceDown && sorted(m.tiles || []) === chosen);
    const play = button(t(faceDown ? "tg.button.play_down" : "tg.button.play"), () => {
      if (!move) return;
      S.pending = move;
      render();
    });
    play.disabled = !move;
    play.setAttribute("aria-pressed", String(Boolean(move && S.pending && same(S.pending, move))));
    choices.append(play);
  }
  confirmButtons(choices);
}

// --- the round's end, the tools ------------------------------------------------------------------

/** @param {View} view */
function drawResult(view) {
  const box = $("result");
  box.replaceChildren();
  const result = view.result;
  box.hidden = !result;
  if (!result) return;
  if (view.game === "tiengow") drawDealResult(box, view, result);
  else {
    const line = document.createElement("p");
    const team = result.winner ? t(`team.${result.winner}`) : "";
    const who = result.domino_seat ? nameOf(result.domino_seat) : "";
    const key = !result.winner ? "result.tie" : result.dekabes ? "result.dekabes" : `result.${result.termination}`;
    line.textContent = `${t(key, { team, who })} ${result.score_after ? `${t("team.A")} ${result.score_after[0]} · ${t("team.B")} ${result.score_after[1]}` : ""}`;
    box.append(line);
  }
  if (view.revealed_hands) {
    view.revealed_hands.forEach((held, index) => {
      const row = document.createElement("p");
      row.className = "revealed";
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = labelOf(index + 1);
      row.append(who);
      for (const tile of held) row.append(labelled(tileFace(tile), tileName(tile, view.game === "tiengow")));
      if (result.pips) {
        const pips = document.createElement("span");
        pips.className = "who";
        pips.textContent = t("summary.pips", { count: result.pips[index] });
        row.append(pips);
      }
      box.append(row);
    });
  }
}

/** A paragraph of ``text`` with class ``cls``. @param {string} text @param {string} [cls] */
function paragraph(text, cls = "") {
  const made = document.createElement("p");
  made.textContent = text;
  if (cls) made.className = cls;
  return made;
}

/** Tien Gow's deal as the game's summary tells it: who won the last trick, what doubled the
 * settlements, each seat's columns, payments at once and at the end, and its total for the deal;
 * then every payment in words and the running totals. @param {HTMLElement} box @param {View} view @param {Result} result */
function drawDealResult(box, view, result) {
  const winner = result.last_winner || 0;
  box.append(paragraph(tells("tg.summary.title", winner), "deal-title"));
  const doubled = result.last_trick_bonus ? [t(`tg.mult.${result.last_trick_bonus}`)] : [];
  if (result.sweep) doubled.push(t("tg.mult.sweep"));
  if (doubled.length) box.append(paragraph(t("tg.summary.doubled", { reasons: doubled.join(", ") })));
  if (result.big_six_capture) box.append(paragraph(t("tg.summary.captured", { what: t("tg.big_six") })));
  box.append(dealTable(view, result));
  const lines = document.createElement("ul");
  lines.className = "payments";
  (view.tricks || []).forEach((trick, index) => {
    if (trick.bonus === null) return;
    const line = tells(`tg.immediate.${trick.bonus}`, trick.winner, { amount: trick.immediate[trick.winner - 1], count: trick.columns });
    lines.append(Object.assign(document.createElement("li"), { textContent: t("tg.summary.at_once", { number: index + 1, line }) }));
  });
  for (const line of result.settlements || []) {
    if (line[6]) lines.append(Object.assign(document.createElement("li"), { textContent: settlementText(line) }));
  }
  if (lines.childElementCount) box.append(lines);
  const totals = runningTotals(view).map((n, i) => `${labelOf(i + 1)} ${signed(n)}`).join(" · ");
  box.append(paragraph(t("tg.summary.running", { totals }), "running"));
}

/** Each seat's total of the match so far, the deal just ended counted in. @param {View} view */
function runningTotals(view) {
  const gains = (view.result && view.result.total) || [];
  return (view.totals || []).map((before, i) => before + (gains[i] || 0));
}

/** Each seat's row: columns, paid at once, settled at the end, the deal's total. @param {View} view @param {Result} result */
function dealTable(view, result) {
  const table = document.createElement("table");
  table.className = "deal";
  const head = table.createTHead().insertRow();
  head.append(document.createElement("td"));
  for (const key of ["tg.summary.columns", "tg.summary.immediate", "tg.summary.settlement", "tg.summary.total"]) {
    head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: t(key) }));
  }
  const body = table.createTBody();
  for (let seat = 1; seat <= 4; seat++) {
    const row = body.insertRow();
    row.dataset.seat = String(seat);
    const name = Object.assign(document.createElement("th"), { scope: "row", textContent: labelOf(seat) });
    if (view.banker === seat) name.append(Object.assign(document.createElement("small"), { textContent: ` · ${t("tg.banker")}` }));
    row.append(name);
    const at = seat - 1;
    const figures = [String((result.columns || [])[at]), signed((result.immediate || [])[at]), signed((result.settlement || [])[at]), signed((result.total || [])[at])];
    for (const figure of figures) row.insertCell().textContent = figure;
  }
  return table;
}

/** One settlement line: who pays whom, how much, each doubling named, and why. @param {Settlement} line */
function settlementText(line) {
  const [seat, columns, payer, payee, base, multipliers, amount, captured] = line;
  let text = payee === S.seat ? t("tg.pay.to_you", { who: formOf(payer, "subject"), amount }) : tells("tg.pay", payer, { payee: formOf(payee, "to"), amount });
  if (multipliers.length) text += ` = ${[String(base), ...multipliers.map((code) => `2 (${t(`tg.mult.${code}`)})`)].join(" × ")}`;
  let why = t("tg.settle.columns", { name: labelOf(seat), count: columns });
  if (captured) why += `; ${t("tg.settle.captured")}`;
  return `${text} (${why})`;
}

/** The hint's Why? under its line: the button, and the detail once asked. */
function drawWhy() {
  const box = $("why");
  box.replaceChildren();
  box.hidden = !S.why;
  if (!S.why) return;
  const ask = button(t("hint.why.button"), () => {
    S.whyOpen = !S.whyOpen;
    render();
  });
  ask.setAttribute("aria-expanded", String(S.whyOpen));
  ask.setAttribute("aria-controls", "why-text");
  box.append(ask);
  if (S.whyOpen) {
    const text = paragraph(S.why);
    text.id = "why-text";
    box.append(text);
  }
}

/** @param {View} view @param {TableState} state */
function drawTools(view, state) {
  const tools = $("tools");
  tools.replaceChildren();
  const phrases = $("phrases");
  phrases.replaceChildren();
  if (S.watcher || S.seat === null || !S.online) {
    phrases.hidden = true;
    return;
  }
  const seat = S.seat;
  if (view.result && !state.over && !state.ready.includes(seat)) {
    tools.append(button(t(view.game === "tiengow" ? "button.next_deal" : "button.next_round"), () => send({ type: "ready" }), "wide"));
  } else if (view.result && !state.over) {
    tools.append(Object.assign(document.createElement("span"), { textContent: t("online.waiting_ready") }));
  }
  const hint = button(t("button.hint"), () => {
    S.hinting = true;
    S.message = t("thinking.hint");
    send({ type: "ask_hint", level: "normal" });
    render();
  });
  hint.disabled = !mine(view) || S.hinting || Boolean(state.asking) || !view.legal.length;
  const undo = button(t("button.undo"), () => ask("undo"));
  undo.disabled = !state.can_undo || Boolean(state.asking);
  const restart = button(t(view.game === "tiengow" ? "button.restart_deal" : "button.restart"), () => ask("restart"));
  restart.disabled = Boolean(view.result) || Boolean(state.asking);
  const say = button(t("button.say"), () => {
    S.sayOpen = !S.sayOpen;
    render();
  });
  say.setAttribute("aria-expanded", String(S.sayOpen));
  tools.append(hint, undo, restart, say);
  phrases.hidden = !S.sayOpen;
  if (S.sayOpen) {
    for (const phrase of ["good_game", "well_played", "hurry_up", "thanks", "oops", "one_more"]) {
      phrases.append(button(t(`phrase.${phrase}`), () => {
        send({ type: "say", phrase });
        S.sayOpen = false;
        render();
      }));
    }
  }
}

// --- joining ---------------------------------------------------------------------------------------

/** The free seats of the table, a name to give, and watching. @param {string} game @param {Chair[]} chairs */
function showSeats(game, chairs) {
  S.game = game;
  S.chairs = chairs;
  $("title").textContent = t(`game.${game}`);
  const open = chairs.filter((chair) => chair.kind === "open");
  $("join-text").textContent = open.length ? t("join.choose_seat") : `${t("join.full")} ${t("web.watching")}`;
  const list = $("seat-list");
  list.replaceChildren(...open.map((chair) => button(t("web.sit_at", { seat: chair.seat }), () => sit(chair.seat), "wide")));
  $("name-label").hidden = !open.length;
  $("join").hidden = false;
  $("table").hidden = true;
  $("status").textContent = "";
}

/** @param {string} text */
function showJoinMessage(text) {
  $("join").hidden = false;
  $("join-text").textContent = text;
  $("status").textContent = text;
}

function words() {
  document.title = t("web.title");
  $("lang-word").textContent = t("menu.language");
  $("name-word").textContent = t("join.name");
  $("watch").textContent = t("web.watch");
  if (!S.state && !S.code) $("join-text").textContent = t("web.no_code");
}

async function start() {
  const lang = /** @type {HTMLSelectElement} */ ($("lang"));
  await I18N.load(I18N.preferred());
  lang.value = I18N.lang;
  lang.addEventListener("change", async () => {
    localStorage.setItem("domino-lang", lang.value);
    await I18N.load(lang.value);
    words();
    render();
  });
  /** @type {HTMLInputElement} */ ($("name")).value = localStorage.getItem("domino-name") || "";
  $("watch").addEventListener("click", watch);
  S.code = codeOfAddress();
  words();
  $("join").hidden = false;
  if (!S.code) {
    $("seat-list").replaceChildren();
    $("watch").hidden = true;
    return;
  }
  S.token = localStorage.getItem(tokenKey());
  $("status").textContent = t("web.connecting");
  if (S.token) connect(again());
  else look();
}

start();
