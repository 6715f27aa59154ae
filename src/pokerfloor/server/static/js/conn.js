// One WebSocket to the server (docs/protocol.md): tokens kept per table in localStorage, every
// frame's seq remembered, and a dropped socket reopened with hello + resync{last_seq}.

const KEY = (tableId) => `pokerfloor:${tableId}`;

export function savedTokens(tableId) {
  try {
    return JSON.parse(localStorage.getItem(KEY(tableId)) || "{}");
  } catch {
    return {};
  }
}

export function saveToken(tableId, name, token) {
  const tokens = savedTokens(tableId);
  tokens[name] = token;
  localStorage.setItem(KEY(tableId), JSON.stringify(tokens));
}

export function knownTables() {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("pokerfloor:")) found.push({ id: key.slice(11), ...savedTokens(key.slice(11)) });
  }
  return found;
}

export function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

/** A connection that survives drops: `onFrame` gets every server frame, `onState` "open" or "closed". */
export class Connection {
  constructor({ tableId = null, token = null, onFrame, onState = () => {} }) {
    this.tableId = tableId;
    this.token = token;
    this.spectate = false; // a visitor who watches asks again on every reconnect
    this.onFrame = onFrame;
    this.quiet = new Set();
    this.onState = onState;
    this.lastSeq = 0;
    this.attached = false;
    this.nextId = 1;
    this.waiting = new Map();
    this.retry = 0;
    this.stopped = false;
    this.queue = [];
    this.open();
  }

  open() {
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onState("open");
      if (this.tableId) this.hello();
      for (const frame of this.queue.splice(0)) ws.send(JSON.stringify(frame));
    };
    ws.onmessage = (message) => this.receive(JSON.parse(message.data));
    ws.onclose = () => {
      this.attached = false;
      this.onState("closed");
      if (this.stopped) return;
      const wait = Math.min(4000, 150 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    };
  }

  hello() {
    const frame = { type: "hello", version: 1, table_id: this.tableId };
    if (this.token) frame.token = this.token;
    else if (this.spectate) frame.spectate = true;
    this.send(frame).then((reply) => {
      if (reply.type !== "welcome") return;
      this.attached = true;
      // A seat request still waiting for the host watches, as a guest does (the rail allowing).
      if (this.token && this.spectate && reply.role === "player" && reply.seat == null) this.send({ type: "spectate" });
      // Whatever was missed while away: the server answers with a fresh update.
      if (this.lastSeq > 0) this.send({ type: "resync", last_seq: this.lastSeq });
    });
  }

  /** Reattach with another token (a seat just granted); the socket stays. */
  become(token) {
    this.token = token;
    this.spectate = false;
    if (this.ws.readyState === WebSocket.OPEN) this.hello();
  }

  receive(frame) {
    if (typeof frame.seq === "number" && frame.seq > this.lastSeq) this.lastSeq = frame.seq;
    const pending = frame.reply_to !== undefined ? this.waiting.get(frame.reply_to) : undefined;
    if (pending) {
      this.waiting.delete(frame.reply_to);
      pending(frame);
      // The sender shows this reply itself (`send(frame, { quiet: true })`).
      if (this.quiet.delete(frame.reply_to)) return;
    }
    this.onFrame(frame);
  }

  /** Send a frame; resolves with the server's reply to it (ack, error, welcome...). A `quiet`
   * frame's reply goes to the sender alone, not to `onFrame` as well. */
  send(frame, { quiet = false } = {}) {
    const id = `c${this.nextId++}`;
    if (quiet) this.quiet.add(id);
    const full = { ...frame, id };
    const reply = new Promise((resolve) => this.waiting.set(id, resolve));
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(full));
    else this.queue.push(full);
    return reply;
  }

  /** Close the socket as a network drop would (the connection reopens by itself). */
  drop() {
    this.ws.close();
  }

  stop() {
    this.stopped = true;
    this.ws.close();
  }
}
