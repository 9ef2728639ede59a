// Taking Tricks: the book's own script, on every page.
// 1. A switch between the usual two-colour pack and the four-colour pack (spades black, hearts
//    red, diamonds blue, clubs green). The choice is remembered.
// 2. A printable copy of each demo snapshot (below).
// 3. A link to the same page in the other language (below).
(function () {
  "use strict";
  var KEY = "taking-tricks-four-colour";
  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }
  function apply(on) {
    document.documentElement.classList.toggle("tc-four", on);
  }
  apply(stored());
  function addSwitch() {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "tc-colour-switch";
    var french = (document.documentElement.lang || "").slice(0, 2) === "fr";
    button.textContent = french ? "Quatre couleurs" : "Four-colour suits";
    button.title = french ? "Montrer les carreaux en bleu et les trèfles en vert"
                          : "Show diamonds in blue and clubs in green";
    button.setAttribute("aria-pressed", stored() ? "true" : "false");
    button.addEventListener("click", function () {
      var on = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", on ? "true" : "false");
      apply(on);
      try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
    });
    var bar = document.querySelector(".article-header-buttons");
    if (bar) { bar.insertBefore(button, bar.firstChild); }
    else { document.body.insertBefore(button, document.body.firstChild); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addSwitch);
  } else {
    addSwitch();
  }
})();

// 3. The language switch: the same page in the other language (English at the site's root,
//    French in fr/).  The address comes from the page's <link rel="alternate" hreflang> (written
//    by book/_ext/languages.py); the switch keeps the query (?deal=...&seat=...) and the fragment,
//    so a class link opens the same deal in the other language.
(function () {
  "use strict";
  function addLanguageSwitch() {
    var here = (document.documentElement.lang || "en").slice(0, 2);
    var links = document.querySelectorAll('link[rel="alternate"][hreflang]');
    var other = null;
    links.forEach(function (link) {
      if (link.getAttribute("hreflang") !== here) other = link;
    });
    if (!other || document.querySelector(".tt-language-switch")) return;
    var target = new URL(other.getAttribute("href"), location.href);
    target.search = location.search;
    target.hash = location.hash;
    var anchor = document.createElement("a");
    anchor.className = "tt-language-switch";
    anchor.href = target.href;
    anchor.hreflang = other.getAttribute("hreflang");
    anchor.lang = other.getAttribute("hreflang");
    anchor.textContent = other.getAttribute("title");
    // Keep the query and fragment as they are when the reader clicks (a demo may have changed
    // neither, but the reader may have followed an anchor since the page loaded).
    anchor.addEventListener("click", function () {
      var now = new URL(anchor.href);
      now.search = location.search;
      now.hash = location.hash;
      anchor.href = now.href;
    });
    var bar = document.querySelector(".article-header-buttons");
    if (bar) { bar.insertBefore(anchor, bar.firstChild); }
    else { document.body.insertBefore(anchor, document.body.firstChild); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addLanguageSwitch);
  } else {
    addLanguageSwitch();
  }
})();

// Printing: a demo snapshot is drawn on screen by the widget manager only when it comes near
// (scripts/lazy_widgets.js), so a printout could catch it unloaded ("Loading the snapshot…")
// or half drawn.  Each snapshot therefore also gets a plain copy made from the widget state
// saved in the page: the demo's text, tables and cards (its HTML parts), without its buttons,
// menus and fields.  The print style sheet (taking-tricks.css) prints that copy instead.
(function () {
  "use strict";
  var VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  var STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  var SHOWN = { HTMLModel: true, HTMLMathModel: true };
  var TEXT = { LabelModel: true };
  var done = false;

  function escape(text) {
    var div = document.createElement("div");
    div.textContent = text;
    return div.innerHTML;
  }

  function outputHtml(output) {
    var data = output.data || {};
    if (data["text/html"]) return [].concat(data["text/html"]).join("");
    if (data["image/svg+xml"]) return [].concat(data["image/svg+xml"]).join("");
    if (data["image/png"]) return '<img alt="" src="data:image/png;base64,' + data["image/png"] + '">';
    if (data["text/plain"]) return "<pre>" + escape([].concat(data["text/plain"]).join("")) + "</pre>";
    if (output.text) return "<pre>" + escape([].concat(output.text).join("")) + "</pre>";
    return "";
  }

  // The printable parts of a widget and its children, in order.  A row (HBox) that holds a
  // control is the demo's tool bar or the reader's buttons: it is left out whole.
  function render(models, id, depth) {
    var model = models[String(id).replace(/^IPY_MODEL_/, "")];
    if (!model || depth > 20) return "";
    var name = model.model_name;
    var state = model.state || {};
    if (SHOWN[name]) return state.value ? "<div>" + state.value + "</div>" : "";
    if (TEXT[name]) return state.value ? "<p>" + escape(state.value) + "</p>" : "";
    if (name === "OutputModel") return (state.outputs || []).map(outputHtml).join("");
    if (!state.children) return "";
    var kids = state.children.map(function (child) {
      return models[String(child).replace(/^IPY_MODEL_/, "")];
    });
    var controls = kids.some(function (kid) {
      return kid && !kid.state.children && !SHOWN[kid.model_name] && !TEXT[kid.model_name] &&
        kid.model_name !== "OutputModel";
    });
    if (controls && name === "HBoxModel") return "";
    return state.children.map(function (child) { return render(models, child, depth + 1); })
      .join("");
  }

  function printable() {
    if (done) return;
    done = true;
    var views = document.querySelectorAll(VIEW);
    var saved = document.querySelector(STATE);
    if (!views.length || !saved) return;
    var models;
    try { models = JSON.parse(saved.textContent).state; } catch (e) { return; }
    views.forEach(function (view) {
      var id;
      try { id = JSON.parse(view.textContent).model_id; } catch (e) { return; }
      var copy = document.createElement("div");
      copy.className = "tt-print-static";
      copy.innerHTML = render(models, id, 0);
      view.parentElement.appendChild(copy);
    });
  }

  window.addEventListener("beforeprint", printable);
  if (window.matchMedia) {
    var print = window.matchMedia("print");
    if (print.addEventListener) {
      print.addEventListener("change", function (event) { if (event.matches) printable(); });
    }
  }
  function soon() {
    if (window.requestIdleCallback) window.requestIdleCallback(printable, { timeout: 3000 });
    else window.setTimeout(printable, 500);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", soon);
  else soon();
})();
