// The browser's side of the bugami web app: it draws what the server sends
// (its seat's view payload and the events its seat may see) and sends the
// actions the player chooses. It knows no rule of either game: the legal
// actions come in the payload, and the server says why anything is refused.
//
// Its parts: the words (every text the page writes about the game, from the
// player's point of view: `describe` for events), the drawing (`render` for
// a view, `showEvent` for an event, `showHints` and `showReview` for advice),
// and the talk with the server: `ask` is the one place that writes to it
// (`send` an action, `askHint`, `askReview`), `receive` (with `RECEIVED`,
// one entry a kind of message) the one place that takes the server's
// messages. The
// table's id and token are kept in the tab's sessionStorage, so that a lost
// connection is made again (waiting longer after each failure) and a
// reloaded page finds its table.
"use strict";

const params = new URLSearchParams(location.search);
const DELAY = Number(params.get("delay") ?? 450); // ms between two events shown
const RETRY = Number(params.get("retry") ?? 500); // ms before the first new connection
const RETRY_MAX = 10000; // ms at most between two attempts
const GONE = 4404; // the server's close code for a table that is not there
const SAVED = "bugami-table"; // the sessionStorage key of {table, token}
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const BID_NAMES = { S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs", M: "misère" };
const TERMS = { bugami: "Deal", argute: "Hand" }; // as the library and its CLI say

let table = null; // the table's id
let token = null; // the table's token: proof that it is ours
let seat = null; // our seat
let gameName = "bugami";
let view = null; // the last payload of our view of the game
let queue = Promise.resolve(); // what the server says is shown in order, one thing after another

const $ = (id) => document.getElementById(id);

// --- words -------------------------------------------------------------------------------

/** The name of seat `s` as a subject: "You" or "Seat 2". */
function seatName(s) {
  return s === seat ? "You" : `Seat ${s}`;
}

/** The name of seat `s` inside a sentence: "you" or "Seat 2". */
function seatWord(s) {
  return s === seat ? "you" : `Seat ${s}`;
}

/** `you` for our seat, `other` for the others: the verb that agrees ("deal" or "deals"). */
function agree(s, you, other) {
  return s === seat ? you : other;
}

/** "Deal" in Bugami, "Hand" in Argute. */
function term() {
  return TERMS[gameName] ?? "Deal";
}

function cardText(card) {
  if (typeof card === "number") return String(card);
  if (card.startsWith("X")) return `🃏${card.slice(1)}`;
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUITS[card[1]];
}

function bidText(bid) {
  if (bid === null) return "?";
  if (typeof bid === "number") return `${bid} trick${bid === 1 ? "" : "s"}`;
  return BID_NAMES[bid];
}

function plural(count, noun) {
  return `${count} ${noun}${Math.abs(count) === 1 ? "" : "s"}`;
}

/** What an event says, from the player's point of view. */
function describe(event) {
  switch (event.type) {
    case "bid_made":
      return event.bid === null
        ? `${seatName(event.seat)} ${agree(event.seat, "have", "has")} bid.`
        : `${seatName(event.seat)} bid ${bidText(event.bid)}.`;
    case "play_started": {
      const shown = event.bids.flatMap((bid, s) => (bid === null ? [] : [`${seatWord(s)}: ${bidText(bid)}`]));
      const hidden = event.bids.some((bid) => bid === null)
        ? `; the other bids stay hidden until the ${term().toLowerCase()} is over`
        : "";
      return `Everyone has bid (${shown.join(", ")}${hidden}). ${seatName(event.leader)} ${agree(event.leader, "lead", "leads")}.`;
    }
    case "card_played":
      return `${seatName(event.seat)} played ${cardText(event.card)}.`;
    case "trick_won":
      return `Trick ${event.number} won by ${seatWord(event.winner)}.`;
    case "deal_scored": {
      const seats = event.points.map((points, s) => {
        const won = event.tricks_won ? ` and won ${event.tricks_won[s]}` : "";
        return `${seatWord(s)} bid ${bidText(event.bids[s])}${won}: ${plural(points, "point")}`;
      });
      return `${term()} ${event.number} scored: ${seats.join("; ")}.`;
    }
    case "deal_started":
      return `${term()} ${event.number}: ${seatWord(event.dealer)} ${agree(event.dealer, "deal", "deals")}.`;
    case "game_over":
      return `Game over: ${seatWord(event.winner)} won.`;
    default:
      return JSON.stringify(event);
  }
}

/** What an action (a dict of the view's legal actions) is: "♥ hearts", "Q♠", "2 tricks". */
function actionText(action) {
  return action.type === "bid" ? `bid ${bidText(action.bid)}` : cardText(action.card);
}

/** Points, to the tenth in Bugami and the hundredth in Argute (whose scores are small). */
function pointsText(value) {
  return value.toFixed(gameName === "argute" ? 2 : 1);
}

/** A line of a hint: "Q♠: 12.5 points expected". */
function describeHint(hint) {
  return `${actionText(hint.action)}: ${pointsText(hint.value)} points expected`;
}

/** The title of a review: "Your review of Deal 1: accuracy 80%, 12.5 points lost". */
function describeReview(number, summary) {
  const accuracy = Math.round(summary.accuracy * 100);
  return `Your review of ${term()} ${number}: accuracy ${accuracy}%, ${pointsText(summary.total_loss)} points lost`;
}

// --- drawing -----------------------------------------------------------------------------

function cardElement(card, tag = "span") {
  const element = document.createElement(tag);
  element.className = "card";
  element.dataset.card = String(card);
  element.textContent = cardText(card);
  if (typeof card === "string" && (card[1] === "H" || card[1] === "D")) element.classList.add("red");
  return element;
}

/** Show the server's message (an error, worded for the player), or hide it with "". */
function showMessage(text) {
  const message = $("message");
  message.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  message.hidden = !text;
}

/** Say how the connection stands ("" once it is up). */
function showConnection(text) {
  const line = $("connection");
  line.textContent = text;
  line.hidden = !text;
}

function log(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("log").prepend(item);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function showEvent(event) {
  log(describe(event));
  if (event.type === "card_played") {
    const trick = $("trick");
    if (trick.dataset.done) {
      trick.replaceChildren();
      delete trick.dataset.done;
    }
    trick.append(played(event.seat, event.card));
    $("trick-title").textContent = "Trick";
  } else if (event.type === "trick_won") {
    // The finished trick stays on the table a moment, even if the game has moved on.
    const trick = $("trick");
    trick.replaceChildren(...event.plays.map((play) => played(play.seat, play.card)));
    trick.dataset.done = "1";
    $("trick-title").textContent = `Trick ${event.number}: won by ${seatWord(event.winner)}`;
  } else if (event.type === "deal_scored") {
    $("scored").textContent = describe(event);
    askReview(event.number);
  }
  if (DELAY > 0) await sleep(DELAY);
}

function played(s, card) {
  const element = document.createElement("div");
  element.className = "played";
  element.dataset.seat = String(s);
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = seatName(s);
  element.append(who, cardElement(card));
  return element;
}

function render(game) {
  view = game;
  gameName = game.game;
  const deal = game.current;
  $("table").hidden = false;
  $("scores").hidden = false;
  renderSheet(game);
  if (deal === null) {
    $("status").textContent = `Game over: ${seatWord(game.winner)} won.`;
    $("hand").replaceChildren();
    $("bids").hidden = true;
    $("hint-button").hidden = true;
    $("hints").replaceChildren();
    return;
  }
  renderSeats(deal, game);
  const trick = $("trick");
  if (!trick.dataset.done || deal.trick.length) {
    delete trick.dataset.done;
    trick.replaceChildren(...deal.trick.map((play) => played(play.seat, play.card)));
    $("trick-title").textContent = `Trick ${deal.tricks.length + 1} of ${deal.tricks_in_deal}`;
  }
  const bids = deal.legal_actions.filter((action) => action.type === "bid");
  const cards = new Set(deal.legal_actions.filter((action) => action.type === "play").map((action) => String(action.card)));
  const box = $("bids");
  box.hidden = bids.length === 0;
  box.replaceChildren(...bids.map((action) => {
    const button = document.createElement("button");
    button.className = "bid";
    button.dataset.bid = String(action.bid);
    button.textContent = bidText(action.bid);
    button.addEventListener("click", () => send(action));
    return button;
  }));
  const yourTurn = deal.to_move === seat;
  $("hand").replaceChildren(...deal.hand.map((card) => {
    const button = cardElement(card, "button");
    button.type = "button";
    if (cards.has(String(card))) button.classList.add("legal");
    // Every card can be clicked: the server explains why a card may not be played.
    button.addEventListener("click", () => send({ type: "play", seat, card }));
    return button;
  }));
  $("hint").textContent = yourTurn ? "(the cards you may play are raised)" : "";
  $("hint-button").hidden = !(yourTurn || bids.length);
  $("hints").replaceChildren();
  if (bids.length) {
    $("status").textContent = game.game === "bugami" ? "Choose your bug suit, or misère." : "Bid how many tricks you will win.";
  } else if (yourTurn) {
    $("status").textContent = "Your turn: play a card.";
  } else if (deal.phase === "bidding") {
    $("status").textContent = "Waiting for the bids.";
  } else {
    $("status").textContent = `${seatName(deal.to_move)} to play.`;
  }
  $("status").dataset.turn = yourTurn || bids.length ? "you" : "";
}

function renderSeats(deal, game) {
  const won = deal.tricks.reduce((counts, trick) => {
    counts[trick.winner] += 1;
    return counts;
  }, deal.hand_sizes.map(() => 0));
  const hidden = deal.phase === "playing" ? "hidden" : "has bid"; // Argute's stay hidden in play
  $("seats").replaceChildren(...deal.hand_sizes.map((size, s) => {
    const box = document.createElement("div");
    box.className = "seat" + (s === deal.to_move ? " to-move" : "") + (s === seat ? " you" : "");
    box.dataset.seat = String(s);
    const bid = deal.bids[s] !== null ? bidText(deal.bids[s]) : deal.has_bid[s] ? hidden : "to bid";
    const lines = [
      `${seatName(s)}${s === deal.dealer ? " (dealer)" : ""}`,
      `${plural(size, "card")}, ${plural(won[s], "trick")}`,
      `bid: ${bid}`,
      `total: ${game.totals[s]}`,
    ];
    for (const line of lines) {
      const row = document.createElement("div");
      row.textContent = line;
      box.append(row);
    }
    return box;
  }));
}

/** The score sheet: a row a finished deal (or hand), with each seat's bid, now revealed. */
function renderSheet(game) {
  const seats = game.totals.map((_, s) => s);
  const head = document.createElement("tr");
  head.append(...[term(), ...seats.map(seatName)].map((text) => cell("th", text)));
  $("sheet").tHead.replaceChildren(head);
  $("sheet").tBodies[0].replaceChildren(...game.sheet.map((row, index) => {
    const line = document.createElement("tr");
    line.append(cell("td", String(index + 1)), ...row.points.map((points, s) => {
      const entry = cell("td", `${points} (${row.totals[s]})`);
      const bid = document.createElement("span");
      bid.className = "bid";
      bid.dataset.bid = String(row.bids[s]);
      bid.textContent = `bid ${bidText(row.bids[s])}`;
      entry.prepend(bid);
      return entry;
    }));
    return line;
  }));
  const foot = document.createElement("tr");
  foot.append(cell("th", "Total"), ...game.totals.map((total) => cell("th", String(total))));
  $("sheet").tFoot.replaceChildren(foot);
}

/** The ranked options of a hint, the best first (and marked); a click plays one. */
function showHints(hints) {
  $("hints").replaceChildren(...hints.map((hint, index) => {
    const item = document.createElement("li");
    item.className = index === 0 ? "best" : "";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = describeHint(hint);
    button.addEventListener("click", () => send(hint.action));
    item.append(button);
    return item;
  }));
}

/** The review of a finished deal: each decision of ours, what was best, and what it cost. */
function showReview(data) {
  const summary = data.review.seats.find((each) => each.seat === seat) ?? data.review.seats[0];
  $("review").hidden = false;
  $("review-title").textContent = describeReview(data.deal, summary);
  const head = document.createElement("tr");
  head.append(...["Trick", "You chose", "Best", "Points lost", "Label"].map((text) => cell("th", text)));
  $("decisions").tHead.replaceChildren(head);
  $("decisions").tBodies[0].replaceChildren(...data.review.decisions.map((decision) => {
    const row = document.createElement("tr");
    row.className = decision.label;
    row.append(
      cell("td", decision.trick === null ? "bid" : String(decision.trick + 1)),
      cell("td", actionText(decision.action)),
      cell("td", actionText(decision.best)),
      cell("td", pointsText(decision.loss)),
      cell("td", decision.label),
    );
    return row;
  }));
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

// --- talking to the server ---------------------------------------------------------------

let socket = null; // the WebSocket, while there is one
let ready = false; // whether the socket has shown that the table is ours (the view came)
let pending = null; // an action chosen while not connected, sent once we are
let failures = 0; // attempts to connect that failed since the last one that worked
let retryTimer = null;

/** Do `step` once everything before it is shown; then the page is idle (tests wait for that). */
function later(step) {
  queue = queue
    .then(async () => {
      await step();
      document.body.dataset.idle = "1";
    })
    .catch((error) => console.error(error));
}

function update(events, game) {
  later(async () => {
    gameName = game.game;
    for (const event of events) await showEvent(event);
    render(game);
  });
}

/** What to do with each kind of message from the server. */
const RECEIVED = {
  view(data) {
    // The first answer on a connection: the table is ours, and this is where it stands.
    ready = true;
    document.body.dataset.connected = "1"; // for tests and styles: actions go straight out now
    failures = 0;
    seat = data.view.seat;
    $("game").value = data.view.game; // the form says what is played (after a reload too)
    $("players").value = String(data.view.totals.length);
    showConnection("");
    update([], data.view);
    if (pending !== null) {
      const action = pending;
      pending = null;
      send(action);
    }
  },
  update(data) {
    update(data.events, data.view);
  },
  hint(data) {
    later(() => showHints(data.hints));
  },
  review(data) {
    later(() => showReview(data));
  },
  error(data) {
    later(() => showMessage(data.message));
  },
};

function receive(data) {
  const handle = RECEIVED[data.type];
  if (handle) handle(data);
  else later(() => showMessage(`The server sent a message this page does not know: ${data.type}`));
}

/** Write one message to the server: the one place that does. */
function ask(message) {
  delete document.body.dataset.idle;
  socket.send(JSON.stringify(message));
}

/** Send one action of ours (a dict of the view's legal actions, or a card of the hand). */
function send(action) {
  if (table === null) return;
  showMessage("");
  if (!ready) {
    delete document.body.dataset.idle;
    pending = action; // sent when the connection is up again
    if (!socket) connect();
    return;
  }
  ask({ action });
}

/** Ask what each of our options is worth now. */
function askHint() {
  if (table === null || !ready) return;
  showMessage("");
  $("hints").replaceChildren(cell("li", "Thinking…"));
  ask({ hint: true });
}

/** Ask for the review of deal (or hand) `number`, now over. */
function askReview(number) {
  if (table === null || !ready) return;
  $("review").hidden = false;
  $("review-title").textContent = `Reviewing ${term()} ${number}…`;
  $("decisions").tBodies[0].replaceChildren();
  ask({ review: number });
}

function connect() {
  clearTimeout(retryTimer);
  ready = false;
  delete document.body.dataset.connected;
  const opened = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${table}`);
  socket = opened;
  opened.addEventListener("open", () => opened.send(JSON.stringify({ token })));
  opened.addEventListener("message", (message) => {
    if (opened === socket) receive(JSON.parse(message.data));
  });
  opened.addEventListener("close", (closed) => {
    if (opened === socket) lost(closed.code);
  });
}

/** The connection is gone: make it again, a little later each time; unless the table is. */
function lost(code) {
  socket = null;
  ready = false;
  delete document.body.dataset.connected;
  if (code === GONE) {
    forget();
    table = token = null;
    pending = null;
    later(() => {
      $("status").textContent = "This table is closed: start a new game.";
      $("bids").hidden = true;
      $("hand").replaceChildren();
    });
    return;
  }
  const wait = Math.min(RETRY * 2 ** failures, RETRY_MAX) * (0.8 + 0.4 * Math.random());
  failures += 1;
  showConnection(`The connection to the server is lost: trying again in ${Math.ceil(wait / 1000)} s…`);
  retryTimer = setTimeout(connect, wait);
}

function remember(id, key) {
  table = id;
  token = key;
  sessionStorage.setItem(SAVED, JSON.stringify({ table, token }));
}

function forget() {
  sessionStorage.removeItem(SAVED);
}

/** Leave the table we are at (closing it on the server). */
async function leave() {
  clearTimeout(retryTimer);
  if (socket) {
    const closing = socket;
    socket = null; // so that its close is not taken for a lost connection
    closing.close();
  }
  ready = false;
  delete document.body.dataset.connected;
  pending = null;
  showConnection("");
  if (table !== null) {
    forget();
    await fetch(`/api/tables/${table}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } }).catch(() => null);
    table = token = null;
  }
}

$("hint-button").addEventListener("click", askHint);

$("setup").addEventListener("submit", async (submitted) => {
  submitted.preventDefault();
  await leave();
  delete document.body.dataset.idle;
  showMessage("");
  $("log").replaceChildren();
  $("scored").textContent = "";
  $("review").hidden = true;
  const target = $("target").value;
  const body = { game: $("game").value, players: Number($("players").value) };
  if (target) body.target = Number(target);
  if (params.get("seed")) body.seed = Number(params.get("seed"));
  const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    later(() => showMessage(data.error));
    return;
  }
  seat = data.seat;
  gameName = data.view.game;
  remember(data.table, data.token);
  connect();
  update(data.events, data.view);
});

// A reloaded page goes back to its table.
const saved = JSON.parse(sessionStorage.getItem(SAVED) ?? "null");
if (saved) {
  table = saved.table;
  token = saved.token;
  seat = 0;
  delete document.body.dataset.idle;
  connect();
}
