// Taking Tricks: a switch between the usual two-colour pack and the four-colour pack
// (spades black, hearts red, diamonds blue, clubs green). The choice is remembered.
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
    button.textContent = "Four-colour suits";
    button.title = "Show diamonds in blue and clubs in green";
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
