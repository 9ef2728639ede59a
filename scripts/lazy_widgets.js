/* Taking Tricks: the "Play it" sections of the rules pages.
 *
 * Copied by scripts/vendor_assets.py to _vendor/widgets/lazy-widgets.js; myst-nb adds it (as
 * nb_ipywidgets_js in _config.yml) only to pages whose saved widget state shows a demo.
 *
 * The book's own demo snapshots are drawn when the book is built (book/_ext/snapshots.py), so a
 * page of the book has no saved state left for 1.; it serves a page whose snapshot could not be
 * drawn that way.
 *
 * 1. The widget manager that draws a saved demo (@jupyter-widgets/html-manager's embed-amd.js,
 *    3.6 MB, with RequireJS) is loaded only when a demo comes near the screen, so a reader who
 *    opens a rules page to read the rules does not download it.  It is told to take its icon
 *    fonts from its own folder (window.__jupyter_widgets_assets_path__ and RequireJS's
 *    baseUrl; by default it asks for them under the page's folder and gets 404s), and to look
 *    for any widget module it lacks in that folder too, never on a CDN.
 * 2. The live table (live-table.js) asks for the same manager through
 *    window.ttWidgets.managerModule(): a promise of the "@jupyter-widgets/html-manager" module.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var here = script ? script.src.replace(/[^/]*(\?.*)?$/, "") : "";
  var started = false;
  var managerLoaded = null;
  // The manager's three modules are run one task each, as the modules they need come first:
  // run together they were one task of half a second or more on the page's thread, in which
  // the page could not scroll while a live table was getting ready (vendor_assets.py).
  var MODULES = ["@jupyter-widgets/base", "@jupyter-widgets/controls",
                 "@jupyter-widgets/html-manager"];
  var SAVED_STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  var managerModule = new Promise(function (resolve, reject) {
    managerLoaded = function () {
      (function next(index) {
        window.require([MODULES[index]], function (module) {
          if (index + 1 < MODULES.length) {
            window.setTimeout(function () { next(index + 1); }, 0);
            return;
          }
          resolve(module);
          // A page with saved widget state (one whose snapshot could not be drawn when the
          // book was built) has it drawn here, as the bundle's own last lines did.
          if (document.querySelector(SAVED_STATE)) {
            window.require(["@jupyter-widgets/html-manager/dist/libembed-amd"], function (embed) {
              embed.renderWidgets();
            }, reject);
          }
        }, reject);
      })(0);
    };
  });

  function addScript(src, attributes, onload) {
    var tag = document.createElement("script");
    tag.src = src;
    Object.keys(attributes).forEach(function (name) {
      tag.setAttribute(name, attributes[name]);
    });
    if (onload) tag.addEventListener("load", onload);
    document.head.appendChild(tag);
  }

  function loadManager() {
    if (started) return;
    started = true;
    window.__jupyter_widgets_assets_path__ = here;
    addScript(here + "require.js", {}, function () {
      // The widget modules locate their icon fonts from their RequireJS address: with this
      // base they ask for them under _static/widgets/@jupyter-widgets/ (vendor_assets.py).
      window.requirejs.config({ baseUrl: here });
      addScript(here + "embed-amd.js", { "data-jupyter-widgets-cdn": here }, managerLoaded);
    });
  }

  function watchDemos() {
    var views = document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]'
    );
    if (!views.length) return;
    views.forEach(function (view) { view.parentElement.classList.add("tt-widget-snapshot"); });
    // On a touch screen or with the data saver on, the 3.6 MB manager is not loaded to draw
    // pictures: the snapshots are shown from their saved HTML (taking-tricks.js writes it, as
    // for print; taking-tricks.css shows it under html.tt-light), and the manager comes with
    // the tap on "Play it live" (live-table.js asks managerModule()).
    if (light()) {
      document.documentElement.classList.add("tt-light");
      return;
    }
    if (!("IntersectionObserver" in window)) {
      loadManager();
      return;
    }
    var observer = new IntersectionObserver(
      function (entries) {
        if (entries.some(function (entry) { return entry.isIntersecting; })) {
          observer.disconnect();
          loadManager();
        }
      },
      { rootMargin: "800px 0px" }
    );
    views.forEach(function (view) { observer.observe(view.parentElement); });
  }

  function light() {
    return Boolean((navigator.connection && navigator.connection.saveData) ||
                   (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) ||
                   navigator.maxTouchPoints > 0);
  }

  window.ttWidgets = {
    managerModule: function () {
      loadManager();
      return managerModule;
    }
  };

  function start() {
    watchDemos();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
