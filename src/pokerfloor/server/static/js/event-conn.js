// The event's WebSocket (/event/ws, docs/protocol.md "Tournaments over many tables"): one
// connection a page, said hello to with the token this browser keeps for the event, opened
// again when it drops. Every frame the server sends goes to `onFrame`.
export const eventId = new URLSearchParams(location.search).get("e") || "";

export function saved(id = eventId) {
  try { return JSON.parse(localStorage.getItem(`pf-event-${id}`) || "null"); } catch { return null; }
}

export function keep(id, value) {
  localStorage.setItem(`pf-event-${id}`, JSON.stringify(value));
}

export function chips(n) {
  return n == null ? "" : Number(n).toLocaleString("en-US");
}

export function clockText(seconds) {
  if (seconds == null) return "";
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0"), ss = String(r).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function blindsText(level) {
  if (!level) return "";
  if (level.break) return `Break, ${level.minutes} min`;
  const ante = level.ante ? ` ante ${chips(level.ante)}` : level.bb_ante ? ` BB ante ${chips(level.bb_ante)}` : "";
  return `${chips(level.small_blind)}/${chips(level.big_blind)}${ante}`;
}

// What a page says of a click made while its socket is down (`send` is refused then).
export const UNSENT = "Reconnecting: that click was not sent. Try it again in a moment.";
export const BACK = "Connected again. A click made while reconnecting was not sent: make it again if you still want it.";

function say(text) {
  let box = document.getElementById("unsent");
  if (!box) {
    box = Object.assign(document.createElement("p"), { id: "unsent", role: "alert", title: "Click to close" });
    box.addEventListener("click", () => say(""));
    document.body.append(box);
  }
  box.textContent = text;
  box.hidden = !text;
}

// While the socket is down the page's controls that send (`sends`, a selector) are greyed, and
// given back once it is open again (a control the page greyed for its own reason stays so).
function hold(sends, down) {
  for (const control of sends ? document.querySelectorAll(sends) : []) {
    if (down && !control.disabled) {
      control.disabled = true;
      control.dataset.held = "";
    } else if (!down && "held" in control.dataset) {
      control.disabled = false;
      delete control.dataset.held;
    }
  }
}

// A frame is sent only while the socket is open: one sent while it reconnects is not queued to go
// out later. The controls that send are greyed while it is down (`sends`); a click made in the
// moment before the page hears that it dropped is not sent either, and the page says so in
// words (`UNSENT`, then `BACK` once the socket is open again) so the person clicks again if they
// still mean it. No event command carries a turn token or a hand's id (docs/protocol.md), so a
// queued `event_act` could land on a later turn or hand than the one clicked on, and the host's
// commands (add time, remove a player) are not to be done late without being asked again.
// `send` returns whether the frame went out.
export function connect(view, onFrame, onOpen, sends = "") {
  let socket = null;
  let closed = false;
  let missed = false;
  const open = () => {
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/event/ws`);
    socket.addEventListener("open", () => {
      document.body.dataset.connection = "open";
      hold(sends, false);
      if (eventId) {
        const mine = saved();
        socket.send(JSON.stringify({ type: "event_hello", event_id: eventId, view, token: mine?.token ?? null }));
      }
      if (missed) say(BACK);
      missed = false;
      onOpen?.();
    });
    socket.addEventListener("message", (m) => onFrame(JSON.parse(m.data)));
    socket.addEventListener("close", () => {
      document.body.dataset.connection = "closed";
      hold(sends, true);
      const shown = document.getElementById("connection");
      if (shown) shown.textContent = "reconnecting…";
      if (!closed) setTimeout(open, 1000);
    });
  };
  open();
  return {
    send: (frame) => {
      if (socket?.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(frame));
        say("");
        return true;
      }
      missed = true;
      say(UNSENT);
      return false;
    },
    close: () => { closed = true; socket?.close(); },
  };
}
