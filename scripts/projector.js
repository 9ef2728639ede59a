/* Taking Tricks: the projector view of a live demo, for a class.
 *
 * Copied by scripts/vendor_assets.py to _vendor/widgets/projector.js; book/_ext/live_demos.py
 * adds it (with projector.css) to the pages with a {live-demo} section.
 *
 * Each demo gets a "Projector view" button.  It shows that demo alone on a white stage that
 * fills the screen (the browser's full screen where it allows it), with large cards and text:
 * the snapshot taken when the book was built and the live table (its "Play it live" button
 * still works there).  The rest of the page, the sidebars and the header are hidden until the
 * reader leaves with Escape or the "Leave projector view" button; the demo then goes back to
 * its place on the page, in whatever state it has reached.
 *
 * `?projector=1` in the page's address opens the page's first demo that way (`?projector=2`
 * the second, and so on), so that a teacher can bookmark it.  While the view is open the
 * address carries that parameter; other parameters (such as ?deal=) are left as they are.
 *
 * The stage is a <section>: the live table looks for the snapshot it replaces in its section.
 */
(function () {
  "use strict";

  var VIEW_SCRIPT = 'script[type="application/vnd.jupyter.widget-view+json"]';
  var PARAM = "projector";
  // The view's words in the page's language (<html lang>): the French edition is in fr/.
  var WORDS = {
    en: {
      stage: "Projector view: ",
      leave: "Leave projector view (Esc)"
    },
    fr: {
      stage: "Vue projecteur\u202f: ",
      leave: "Quitter la vue projecteur (Échap)"
    }
  };
  var SAY = WORDS[(document.documentElement.lang || "en").slice(0, 2).toLowerCase()] || WORDS.en;
  var open = null;  // {stage, parts, markers, button, scroll, fullscreen}

  // The demo's parts in page order: the snapshot cell just before its live table (if any),
  // then the live table's container.
  function parts(root) {
    var live = root.closest(".tt-live") || root;
    var found = [live];
    var before = live.previousElementSibling;
    if (before && before.classList.contains("cell") &&
        before.querySelector(VIEW_SCRIPT + ", .tt-widget-snapshot")) {
      found.unshift(before);
    }
    return found;
  }

  function setParam(number) {
    if (!window.history || !window.history.replaceState) return;
    var url = new URL(window.location.href);
    if (number) url.searchParams.set(PARAM, String(number));
    else url.searchParams.delete(PARAM);
    window.history.replaceState(window.history.state, "", url.href);
  }

  function pageTitle() {
    var heading = document.querySelector("article h1, main h1, h1");
    var text = heading ? heading.textContent : document.title;
    return text.replace(/#\s*$/, "").replace(/\s+/g, " ").trim();
  }

  function makeStage() {
    var stage = document.createElement("section");
    stage.className = "tt-projector-stage";
    stage.setAttribute("role", "dialog");
    stage.setAttribute("aria-modal", "true");
    stage.setAttribute("aria-label", SAY.stage + pageTitle());
    stage.tabIndex = -1;
    var bar = document.createElement("div");
    bar.className = "tt-projector-bar";
    var title = document.createElement("p");
    title.className = "tt-projector-title";
    title.textContent = pageTitle();
    var leave = document.createElement("button");
    leave.type = "button";
    leave.className = "tt-projector-leave";
    leave.textContent = SAY.leave;
    leave.addEventListener("click", function () { close(); });
    bar.appendChild(title);
    bar.appendChild(leave);
    stage.appendChild(bar);
    return stage;
  }

  function enter(root, number, button, fullscreen) {
    if (open) close();
    var stage = makeStage();
    var moved = parts(root);
    var markers = moved.map(function (part) {
      var marker = document.createComment("projector view: this demo is on the stage");
      part.parentNode.insertBefore(marker, part);
      return marker;
    });
    moved.forEach(function (part) { stage.appendChild(part); });
    document.body.appendChild(stage);
    open = { stage: stage, parts: moved, markers: markers, button: button,
             scroll: window.scrollY, fullscreen: false };
    document.documentElement.classList.add("tt-projecting");
    window.scrollTo(0, 0);
    setParam(number);
    var first = stage.querySelector(".tt-live-start:not([hidden])") ||
      stage.querySelector(".tt-projector-leave");
    first.focus({ preventScroll: true });
    var html = document.documentElement;
    if (fullscreen && html.requestFullscreen && !document.fullscreenElement) {
      var current = open;
      // A browser may refuse (no user gesture, an iframe, a kiosk): the stage still fills
      // the window, and the view works the same.
      html.requestFullscreen().then(function () {
        current.fullscreen = true;
      }, function () {});
    }
  }

  function close() {
    if (!open) return;
    var was = open;
    open = null;
    was.parts.forEach(function (part, i) {
      was.markers[i].parentNode.insertBefore(part, was.markers[i]);
      was.markers[i].remove();
    });
    was.stage.remove();
    document.documentElement.classList.remove("tt-projecting");
    setParam(null);
    if (was.fullscreen && document.fullscreenElement && document.exitFullscreen) {
      document.exitFullscreen().catch(function () {});
    }
    window.scrollTo(0, was.scroll);
    if (was.button) was.button.focus({ preventScroll: true });
  }

  function start() {
    var roots = Array.prototype.slice.call(document.querySelectorAll(".tt-live-table"));
    roots.forEach(function (root, i) {
      // The button is in the page's own markup (book/_ext/live_demos.py, in the page's
      // language), so that the bar does not change size when this script runs.
      var button = root.querySelector(".tt-live-bar .tt-projector-button");
      if (!button) return;
      button.addEventListener("click", function () { enter(root, i + 1, button, true); });
    });
    document.addEventListener("keydown", function (event) {
      if (open && event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        close();
      }
    });
    // Leaving the browser's full screen (its own Escape) leaves the view too.
    document.addEventListener("fullscreenchange", function () {
      if (open && open.fullscreen && !document.fullscreenElement) {
        open.fullscreen = false;
        close();
      }
    });
    var asked = new URLSearchParams(window.location.search).get(PARAM);
    var number = asked && /^[0-9]{1,3}$/.test(asked) ? parseInt(asked, 10) : 0;
    if (number >= 1 && number <= roots.length) {
      var root = roots[number - 1];
      enter(root, number, root.querySelector(".tt-projector-button"), false);
    }
  }

  window.ttProjector = { close: close };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
