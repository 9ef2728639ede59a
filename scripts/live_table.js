/* Taking Tricks: the live table ("Play it live" with no JupyterLab around it).
 *
 * Copied by scripts/vendor_assets.py to _vendor/widgets/live-table.js; book/_ext/live_demos.py
 * adds it to the pages with a {live-demo} section, whose root element reads
 *
 *   <div class="tt-live-table" data-live-state="idle" data-live-demo="play_demo"
 *        data-live-args='{"variant": "oh-hell", ...}' data-live-lite="../../lite/"
 *        data-live-wheels='["comm-0.2.3-py3-none-any.whl", ...]'>
 *
 * On "Play it live" it boots the site's own Pyodide (lite/static/pyodide/, vendored by
 * scripts/build_lite.py), loads traitlets from Pyodide's lock and the widget wheels and
 * trickcore from lite/pypi/ in one batch, and, at the same time, the widget manager the
 * snapshots use (lazy-widgets.js: RequireJS + @jupyter-widgets/html-manager).  Python's side of
 * the bridge is trickcore.widgets.browser (an IPython stand-in, comms that hand their messages
 * to `send` below); the page's side gives the manager a comm object per widget.  The demo is
 * trickcore's own ipywidgets demo, drawn in the page.
 *
 * data-live-state: "idle" until the button is pressed, "starting", then "ready" once the table
 * accepts input ("failed", with the reason in words, if it could not start).
 */
(function () {
  "use strict";

  var STEPS = ["Loading Python", "Loading the card engine and the widgets", "Dealing the cards"];

  function PageComm(id, target, bridge) {
    this.comm_id = id;
    this.target_name = target;
    this.bridge = bridge;
    this.queue = [];
    this.onMsg = null;
    this.onClose = null;
  }
  PageComm.prototype.open = function () { return ""; };
  PageComm.prototype.on_msg = function (callback) {
    this.onMsg = callback;
    var queued = this.queue;
    this.queue = [];
    queued.forEach(function (msg) { callback(msg); });
  };
  PageComm.prototype.on_close = function (callback) { this.onClose = callback; };
  PageComm.prototype.send = function (data, callbacks, metadata, buffers) {
    var views = (buffers || []).map(function (b) {
      return new Uint8Array(b.buffer ? b.buffer : b);
    });
    var bridge = this.bridge;
    var pyViews = bridge.pyodide.toPy(views);
    try {
      bridge.py.receive(this.comm_id, JSON.stringify(data), pyViews);
    } finally {
      pyViews.destroy();
    }
    // The manager throttles its updates until the "kernel" says it is idle again; it counts a
    // state update only after send() returns, so "idle" must come after that.
    if (callbacks && callbacks.iopub && callbacks.iopub.status) {
      var idle = callbacks.iopub.status;
      Promise.resolve().then(function () { idle({ content: { execution_state: "idle" } }); });
    }
    return this.comm_id;
  };
  PageComm.prototype.close = function () { return this.comm_id; };
  PageComm.prototype.deliver = function (msg) {
    if (this.onMsg) this.onMsg(msg); else this.queue.push(msg);
  };

  function Bridge(manager, pyodide) {
    this.manager = manager;
    this.pyodide = pyodide;
    this.comms = {};
    this.py = null;
  }
  Bridge.prototype.send = function (kind, text, buffers) {
    var message = JSON.parse(text);
    var msg = {
      content: { comm_id: message.comm_id, target_name: message.target_name,
                 data: message.data },
      metadata: message.metadata,
      buffers: (buffers ? buffers.toJs() : []).map(function (b) { return new DataView(b.buffer); })
    };
    if (buffers) buffers.destroy();
    if (kind === "comm_open") {
      var comm = new PageComm(message.comm_id, message.target_name, this);
      this.comms[message.comm_id] = comm;
      this.manager.handle_comm_open(comm, msg);
    } else if (kind === "comm_msg") {
      var target = this.comms[message.comm_id];
      if (target) target.deliver(msg);
    } else if (kind === "comm_close") {
      var closing = this.comms[message.comm_id];
      delete this.comms[message.comm_id];
      if (closing && closing.onClose) closing.onClose(msg);
    }
  };

  // Keyboard and screen reader: a control the reader acted on is often redrawn (the bids give
  // way to the cards), which drops the focus to the page; it goes back to the first control the
  // reader may use now.  The demo's moves and messages are read out as they change.
  function keepFocus(area) {
    var last = null;
    area.addEventListener("focusin", function (event) { last = event.target; });
    function tend() {
      area.querySelectorAll(".tt-announce:not([aria-live])").forEach(function (element) {
        element.setAttribute("aria-live", "polite");
      });
      var active = document.activeElement;
      if (last && !last.isConnected && (!active || active === document.body)) {
        var next = area.querySelector(".tt-actions button:not([disabled])") ||
          area.querySelector("button:not([disabled])");
        last = null;
        if (next) next.focus();
      }
    }
    new MutationObserver(tend).observe(area, { childList: true, subtree: true });
    tend();
  }

  // The manager draws the demo's child widgets asynchronously: the table is ready once a
  // control can be used (one of the reader's bids, calls or cards in a hand demo), or after
  // about two seconds of frames in any case (a demo with nothing to do yet).
  var HAND_DEMOS = ["play_demo", "bid_demo"];

  function controlsDrawn(area, demo) {
    var controls = (HAND_DEMOS.indexOf(demo) >= 0 ? ".tt-actions button" : "button") +
      ":not([disabled])";
    return new Promise(function (resolve) {
      var frames = 0;
      (function look() {
        if (area.querySelector(controls) || ++frames > 120) resolve();
        else window.requestAnimationFrame(look);
      })();
    });
  }

  function boot(root) {
    var lite = new URL(root.getAttribute("data-live-lite"), document.baseURI).href;
    var wheels = JSON.parse(root.getAttribute("data-live-wheels")).map(function (name) {
      return lite + "pypi/" + name;
    });
    var progress = root.querySelector("progress");
    var status = root.querySelector(".tt-live-status");
    var area = root.querySelector(".tt-live-area");
    function step(index) {
      progress.value = index;
      status.textContent = STEPS[index] + "\u2026";
    }
    // Where the start goes, for the browser tests (performance.getEntriesByType("mark")).
    function mark(name) { performance.mark("tt-live:" + name); }
    mark("click");
    root.setAttribute("data-live-state", "starting");
    root.setAttribute("aria-busy", "true");
    progress.max = STEPS.length;
    progress.hidden = false;
    step(0);

    var managerReady = window.ttWidgets.managerModule().then(function (html) {
      mark("widget manager loaded");
      return new html.HTMLManager({
        loader: function (name) {
          return Promise.reject(new Error("no widget module " + name + " on this site"));
        }
      });
    });
    var pyodideReady = import(lite + "static/pyodide/pyodide.mjs").then(function (module) {
      return module.loadPyodide({ indexURL: lite + "static/pyodide/" });
    }).then(function (pyodide) {
      mark("Pyodide booted");
      step(1);
      var quiet = { messageCallback: function () {} };
      return pyodide.loadPackage(["traitlets"].concat(wheels), quiet).then(function () {
        mark("wheels loaded");
        return pyodide;
      });
    });
    return Promise.all([managerReady, pyodideReady]).then(function (both) {
      var manager = both[0];
      var pyodide = both[1];
      step(2);
      var bridge = new Bridge(manager, pyodide);
      pyodide.registerJsModule("tt_live_page", { send: bridge.send.bind(bridge) });
      var browser = pyodide.pyimport("trickcore.widgets.browser");
      bridge.py = browser;
      pyodide.runPython(
        "import tt_live_page, trickcore.widgets.browser as b\n" +
        "b.install(lambda kind, text, buffers: tt_live_page.send(kind, text, buffers))"
      );
      mark("bridge installed");
      var modelId = browser.start(root.getAttribute("data-live-demo"),
                                  root.getAttribute("data-live-args"));
      mark("demo built in Python");
      return manager.get_model(modelId).then(function (model) {
        return manager.create_view(model);
      }).then(function (view) {
        return manager.display_view(view, area);
      }).then(function () {
        return controlsDrawn(area, root.getAttribute("data-live-demo"));
      });
    }).then(function () {
      // The live table replaces the snapshot of the same demo above it.
      var section = root.closest("section");
      var snapshot = section && section.querySelector(".tt-widget-snapshot");
      if (snapshot) snapshot.style.display = "none";
      mark("demo drawn");
      keepFocus(area);
      progress.hidden = true;
      status.textContent = "";
      root.removeAttribute("aria-busy");
      root.setAttribute("data-live-state", "ready");
    }, function (error) {
      progress.hidden = true;
      root.removeAttribute("aria-busy");
      root.setAttribute("data-live-state", "failed");
      status.textContent = "The live demo could not start: " + (error && error.message || error) +
        ". The notebook link below opens the same demo in JupyterLite.";
      console.error(error);
    });
  }

  function start() {
    document.querySelectorAll(".tt-live-table").forEach(function (root) {
      var button = root.querySelector(".tt-live-start");
      button.addEventListener("click", function () {
        button.disabled = true;
        button.hidden = true;
        boot(root);
      }, { once: true });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
