// The account page (#/account): sign in or register; signed in, the email address, a new password, sign
// out here or everywhere. And the pages the emailed links open: #/verify/<secret>, #/reset/<secret> (the
// secret is in the fragment, so it never reaches a server log; the page posts it).
// The session is an HttpOnly cookie: this page never sees it, it only asks the server who is signed in.
import { h, clear, toast } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./api.js";

const app = document.getElementById("app");
let onChange = () => {};

// the shell's header shows who is signed in; it asks to be told of every change
export function onAccountChange(fn) { onChange = fn; }

export async function whoAmI() {
  try { return await api("GET", "/session"); } catch { return { account: null, email: false }; }
}

function signedIn(account) {
  if (account) localStorage.setItem("nastolka.name", account.handle);   // tables are joined under the handle
  onChange(account);
}

function field(id, label, attrs = {}) {
  return h("label", { class: "field" }, h("span", {}, label), h("input", { id, ...attrs }));
}

function value(id) { return document.getElementById(id).value; }

// a form's note: what went right (green) or the server's refusal in the page's language (red)
function say(note, text) { note.textContent = text; note.classList.add("ok"); }

function form(id, title, fields, button, submit, extra = null) {
  const note = h("p", { class: "form-note", role: "alert" });
  const el = h("form", { id, class: "account-form", onsubmit: async (e) => {
    e.preventDefault();
    note.textContent = "";
    note.classList.remove("ok");
    try { await submit(note); } catch (err) { note.textContent = err.message; }
  } }, h("h3", {}, title), fields, h("button", { class: "primary", type: "submit" }, button), extra, note);
  return el;
}

export function accountPage() {
  async function render() {
    const { account, email } = await whoAmI();
    clear(app).append(h("div", { class: "account" }, account ? mine(account, email) : welcome(email)));
  }

  function welcome(email) {
    const signIn = form("sign-in", t("sign_in"), [
      field("in-handle", t("handle"), { autocomplete: "username", maxlength: 24, required: true }),
      field("in-password", t("password"), { type: "password", autocomplete: "current-password", required: true }),
    ], t("sign_in"), async () => {
      const r = await api("POST", "/session", { handle: value("in-handle"), password: value("in-password") });
      signedIn(r.account);
      render();
    }, email ? h("button", { type: "button", id: "forgot", class: "linklike-inline", onclick: forgot }, t("forgot")) : null);
    const register = form("register", t("register"), [
      field("new-handle", t("handle"), { autocomplete: "username", maxlength: 24, required: true }),
      field("new-password", t("password_new"), { type: "password", autocomplete: "new-password", minlength: 8, required: true }),
      field("new-email", t("email_optional"), { type: "email", autocomplete: "email" }),
    ], t("register"), async () => {
      const body = { handle: value("new-handle"), password: value("new-password") };
      if (value("new-email").trim()) body.email = value("new-email").trim();
      const r = await api("POST", "/accounts", body);
      signedIn(r.account);
      render();
    }, h("p", { class: "muted" }, t("register_why")));
    return [h("h2", {}, t("account")), h("div", { class: "account-forms" }, signIn, register)];
  }

  async function forgot() {
    const handle = value("in-handle").trim();
    if (!handle) { toast(t("forgot_need_handle"), "error"); return; }
    try { await api("POST", "/password/forgot", { handle }); toast(t("forgot_sent")); }
    catch (err) { toast(err.message, "error"); }
  }

  function mine(account, email) {
    const status = account.email ? (account.email_verified ? t("email_confirmed") : t("email_unconfirmed")) : "";
    return [
      h("h2", {}, t("account")),
      h("p", { id: "signed-in-as" }, `${t("signed_in_as")} `, h("strong", {}, account.handle)),
      h("div", { class: "account-forms" },
        form("email-form", t("email"), [field("email", t("email"), { type: "email", value: account.email || "", autocomplete: "email" })],
          t("save"), async (note) => {
            const r = await api("PUT", "/me/email", { email: value("email").trim() || null });
            say(note, r.email && email ? t("email_check_inbox") : t("saved"));
          }, status ? h("p", { class: "muted", id: "email-status" }, status) : null),
        form("password-form", t("password_change"), [
          field("old-password", t("password_current"), { type: "password", autocomplete: "current-password", required: true }),
          field("next-password", t("password_new"), { type: "password", autocomplete: "new-password", minlength: 8, required: true }),
        ], t("save"), async (note) => {
          await api("PUT", "/me/password", { password: value("old-password"), new_password: value("next-password") });
          say(note, t("password_changed"));
        })),
      h("div", { class: "account-actions" },
        h("button", { id: "sign-out", type: "button", onclick: async () => {
          await api("DELETE", "/session").catch(() => {});
          signedIn(null);
          render();
        } }, t("sign_out")),
        h("button", { id: "sign-out-everywhere", type: "button", class: "danger", onclick: async () => {
          try { await api("DELETE", "/me/sessions"); } catch (err) { toast(err.message, "error"); }
          signedIn(null);
          render();
        } }, t("sign_out_everywhere"))),
    ];
  }

  render();
  return { rerender: render };
}

// #/verify/<secret> and #/reset/<secret>: what an emailed link opens
export function linkPage(kind, secret) {
  async function render() {
    if (kind === "verify") {
      clear(app).append(h("div", { class: "account" }, h("h2", {}, t("email")), h("p", { id: "link-result" }, "…")));
      try {
        await api("POST", "/email/verify", { token: secret });
        document.getElementById("link-result").textContent = t("email_confirmed_now");
      } catch (err) { document.getElementById("link-result").textContent = err.message; }
      return;
    }
    clear(app).append(h("div", { class: "account" }, form("reset-form", t("password_reset"), [
      field("reset-password", t("password_new"), { type: "password", autocomplete: "new-password", minlength: 8, required: true }),
    ], t("save"), async () => {
      const r = await api("POST", "/password/reset", { token: secret, password: value("reset-password") });
      signedIn(r.account);
      location.hash = "#/account";
    })));
  }
  render();
  return { rerender: render };
}
