// The table's chat panel: players and spectators each read their own channel (the server decides which
// this socket may read); a message sent comes back over the socket, like everyone else's.
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { api } from "../api.js";
import { myName, mySeat } from "../store.js";

async function sendChat(id, input) {
  const text = input.value.trim();
  if (!text) return;
  const s = mySeat(id);
  if (!s && !myName()) { toast(t("need_name"), "error"); return; }
  try {
    await api("POST", `/tables/${id}/chat`, s ? { text } : { text, name: myName() }, s && s.token);
    input.value = "";     // the message comes back over the socket, like everyone else's
  } catch (err) { toast(err.message, "error"); }
}

function chatList(chat) {
  return h("ol", { id: "chat-list", class: "chat-list" }, chat.map((c) => h("li", { class: `chat-${c.channel}` },
    h("span", { class: "chat-who" }, c.name), c.channel === "spectators" ? h("span", { class: "muted" }, ` (${t("spectator_short")})`) : null,
    ": ", h("span", { class: "chat-text" }, c.text))));
}

// a new message: the list alone is drawn again (the input keeps what is being typed)
export function drawChat(chat) {
  const old = document.getElementById("chat-list");
  if (!old) return;
  const fresh = chatList(chat);
  old.replaceWith(fresh);
  fresh.scrollTop = fresh.scrollHeight;
}

export function chatPanel(id, chat, seated) {
  const input = h("input", { id: "chat-input", maxlength: 300, autocomplete: "off",
    placeholder: seated ? t("chat_players") : t("chat_spectators") });
  return h("section", { class: "chat", id: "chat" }, h("h3", {}, seated ? t("chat_players") : t("chat_spectators")),
    chatList(chat),
    h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); sendChat(id, input); } },
      input, h("button", { type: "submit", id: "chat-send" }, t("send"))));
}
