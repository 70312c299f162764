// The browser's side of the bugami web app: it draws what the server sends
// (its seat's view payload and the events its seat may see) and sends the
// actions the player chooses. It knows no rule of either game: the legal
// actions come in the payload, and the server says why anything is refused.
"use strict";

const params = new URLSearchParams(location.search);
const DELAY = Number(params.get("delay") ?? 450); // ms between two events shown
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const BID_NAMES = { S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs", M: "misère" };

let table = null; // the table's id
let seat = null; // our seat
let socket = null;
let view = null; // the last payload of our view of the game
let queue = Promise.resolve(); // updates are shown one after another
let busy = false;

const $ = (id) => document.getElementById(id);

function seatName(s) {
  return s === seat ? "You" : `Seat ${s}`;
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

function cardElement(card, tag = "span") {
  const element = document.createElement(tag);
  element.className = "card";
  element.dataset.card = String(card);
  element.textContent = cardText(card);
  if (typeof card === "string" && (card[1] === "H" || card[1] === "D")) element.classList.add("red");
  return element;
}

function showMessage(text) {
  const message = $("message");
  message.textContent = text;
  message.hidden = !text;
}

function log(text) {
  const item = document.createElement("li");
  item.textContent = text;
  $("log").prepend(item);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- events -------------------------------------------------------------------------

function describe(event) {
  switch (event.type) {
    case "bid_made":
      return event.bid === null ? `${seatName(event.seat)} has bid.` : `${seatName(event.seat)} bid ${bidText(event.bid)}.`;
    case "play_started": {
      const shown = event.bids.map((bid, s) => `${seatName(s)}: ${bidText(bid)}`).join(", ");
      return `All have bid (${shown}); ${seatName(event.leader)} leads.`;
    }
    case "card_played":
      return `${seatName(event.seat)} played ${cardText(event.card)}.`;
    case "trick_won":
      return `Trick ${event.number} won by ${seatName(event.winner)}.`;
    case "deal_scored":
      return `Deal ${event.number} scored: ${event.points.map((p, s) => `${seatName(s)} ${p}`).join(", ")}.`;
    case "deal_started":
      return `Deal ${event.number}: ${seatName(event.dealer)} deals.`;
    case "game_over":
      return `Game over: ${seatName(event.winner)} won.`;
    default:
      return JSON.stringify(event);
  }
}

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
    $("trick-title").textContent = `Trick ${event.number}: won by ${seatName(event.winner)}`;
  } else if (event.type === "deal_scored") {
    $("scored").textContent = describe(event);
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

// --- the view --------------------------------------------------------------------------

function render(game) {
  view = game;
  const deal = game.current;
  $("table").hidden = false;
  $("scores").hidden = false;
  renderSheet(game);
  if (deal === null) {
    $("status").textContent = `Game over: ${seatName(game.winner)} won.`;
    $("hand").replaceChildren();
    $("bids").hidden = true;
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
  $("seats").replaceChildren(...deal.hand_sizes.map((size, s) => {
    const box = document.createElement("div");
    box.className = "seat" + (s === deal.to_move ? " to-move" : "") + (s === seat ? " you" : "");
    box.dataset.seat = String(s);
    const bid = deal.bids[s] !== null ? bidText(deal.bids[s]) : deal.has_bid[s] ? "has bid" : "to bid";
    const lines = [
      `${seatName(s)}${s === deal.dealer ? " (dealer)" : ""}`,
      `${size} card${size === 1 ? "" : "s"}, ${won[s]} trick${won[s] === 1 ? "" : "s"}`,
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

function renderSheet(game) {
  const seats = game.totals.map((_, s) => s);
  const head = document.createElement("tr");
  head.append(...["Deal", ...seats.map(seatName)].map((text) => cell("th", text)));
  $("sheet").tHead.replaceChildren(head);
  $("sheet").tBodies[0].replaceChildren(...game.sheet.map((row, index) => {
    const line = document.createElement("tr");
    line.append(cell("td", String(index + 1)), ...row.points.map((points, s) => cell("td", `${points} (${row.totals[s]})`)));
    return line;
  }));
  const foot = document.createElement("tr");
  foot.append(cell("th", "Total"), ...game.totals.map((total) => cell("th", String(total))));
  $("sheet").tFoot.replaceChildren(foot);
}

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

// --- talking to the server -------------------------------------------------------------

function update(events, game) {
  queue = queue.then(async () => {
    busy = true;
    for (const event of events) await showEvent(event);
    render(game);
    busy = false;
    document.body.dataset.idle = "1";
  });
}

let opened = Promise.resolve();

async function send(action) {
  if (!socket) return;
  showMessage("");
  delete document.body.dataset.idle;
  await opened;
  socket.send(JSON.stringify({ action }));
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${table}`);
  opened = new Promise((resolve) => socket.addEventListener("open", resolve));
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") {
      queue = queue.then(() => {
        showMessage(data.message);
        document.body.dataset.idle = "1";
      });
    } else if (data.type === "update") {
      update(data.events, data.view);
    }
  });
}

$("setup").addEventListener("submit", async (submitted) => {
  submitted.preventDefault();
  if (socket) socket.close();
  delete document.body.dataset.idle;
  showMessage("");
  $("log").replaceChildren();
  $("scored").textContent = "";
  const target = $("target").value;
  const body = { game: $("game").value, players: Number($("players").value) };
  if (target) body.target = Number(target);
  if (params.get("seed")) body.seed = Number(params.get("seed"));
  const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    showMessage(data.error);
    document.body.dataset.idle = "1";
    return;
  }
  table = data.table;
  seat = data.seat;
  connect();
  update(data.events, data.view);
});
