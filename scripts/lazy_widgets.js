/* Taking Tricks: the "Play it" sections of the rules pages.
 *
 * Copied by scripts/vendor_assets.py to _vendor/widgets/lazy-widgets.js; myst-nb adds it (as
 * nb_ipywidgets_js in _config.yml) only to pages whose saved widget state shows a demo.
 *
 * 1. The widget manager that draws a saved demo (@jupyter-widgets/html-manager's embed-amd.js,
 *    3.6 MB, with RequireJS) is loaded only when a demo comes near the screen, so a reader who
 *    opens a rules page to read the rules does not download it.  It is told to take its icon
 *    fonts from its own folder (window.__jupyter_widgets_assets_path__ and RequireJS's
 *    baseUrl; by default it asks for them under the page's folder and gets 404s), and to look
 *    for any widget module it lacks in that folder too, never on a CDN.
 * 2. jupyterlite-sphinx's "try it" prompt (which loads JupyterLite into the page on a click) is a
 *    <div>: it is made a keyboard-operable button with a name.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var here = script ? script.src.replace(/[^/]*(\?.*)?$/, "") : "";
  var started = false;

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
      addScript(here + "embed-amd.js", { "data-jupyter-widgets-cdn": here });
    });
  }

  function watchDemos() {
    var views = document.querySelectorAll(
      'script[type="application/vnd.jupyter.widget-view+json"]'
    );
    if (!views.length) return;
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
    views.forEach(function (view) {
      view.parentElement.classList.add("tt-widget-snapshot");
      observer.observe(view.parentElement);
    });
  }

  function livePrompts() {
    document.querySelectorAll(".jupyterlite_sphinx_try_it_button").forEach(function (button) {
      var container = button.parentElement;
      container.setAttribute("role", "button");
      container.setAttribute("tabindex", "0");
      container.setAttribute("aria-label", button.textContent.trim());
      container.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          if (button.style.display !== "none") container.click();
        }
      });
      container.addEventListener("click", function () {
        container.removeAttribute("role");
        container.removeAttribute("tabindex");
        container.removeAttribute("aria-label");
      }, { once: true });
    });
  }

  function start() {
    watchDemos();
    livePrompts();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
