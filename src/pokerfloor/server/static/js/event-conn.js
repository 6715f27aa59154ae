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

export function connect(view, onFrame, onOpen) {
  let socket = null;
  let closed = false;
  const open = () => {
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/event/ws`);
    socket.addEventListener("open", () => {
      document.body.dataset.connection = "open";
      if (eventId) {
        const mine = saved();
        socket.send(JSON.stringify({ type: "event_hello", event_id: eventId, view, token: mine?.token ?? null }));
      }
      onOpen?.();
    });
    socket.addEventListener("message", (m) => onFrame(JSON.parse(m.data)));
    socket.addEventListener("close", () => {
      document.body.dataset.connection = "closed";
      if (!closed) setTimeout(open, 1000);
    });
  };
  open();
  return {
    send: (frame) => socket?.readyState === 1 && socket.send(JSON.stringify(frame)),
    close: () => { closed = true; socket?.close(); },
  };
}
