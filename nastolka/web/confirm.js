// A page dialog that asks before something that cannot be undone (not the browser's confirm()).
import { h } from "./dom.js";
import { t } from "./i18n.js";

// resolves true for "yes"
export function confirmBox(text, yes) {
  return new Promise((resolve) => {
    const done = (answer) => () => { box.close(); box.remove(); resolve(answer); };
    const box = h("dialog", { class: "confirm", id: "confirm", oncancel: done(false) },
      h("p", {}, text),
      h("div", { class: "confirm-buttons" },
        h("button", { type: "button", id: "confirm-no", onclick: done(false) }, t("confirm_no")),
        h("button", { type: "button", id: "confirm-yes", class: "primary danger", onclick: done(true) }, yes || t("confirm_yes"))));
    document.body.append(box);
    box.showModal();
  });
}
