/* Taking Tricks: the live table ("Play it live" with no JupyterLab around it).
 *
 * Copied by scripts/vendor_assets.py to _vendor/widgets/live-table.js; book/_ext/live_demos.py
 * adds it to the pages with a {live-demo} section, whose root element reads
 *
 *   <div class="tt-live-table" data-live-state="idle" data-live-demo="play_demo"
 *        data-live-args='{"variant": "oh-hell", ...}' data-live-lite="../../lite/"
 *        data-live-wheels='["comm-0.2.3-py3-none-any.whl", ...]'>
 *
 * The same file runs in two places:
 *
 * - in the page, where the widget manager the snapshots use draws the demo (lazy-widgets.js:
 *   RequireJS + @jupyter-widgets/html-manager);
 * - in a Web Worker (this file again, as a module worker), which boots the site's own Pyodide
 *   (lite/static/pyodide/), loads traitlets and the widget wheels and trickcore from lite/pypi/
 *   in one batch, imports the widgets and builds the demo, so that reading and scrolling never
 *   freeze.  Python's side of the bridge is trickcore.widgets.page_runner (an IPython stand-in,
 *   comms that hand their messages to `send`); each message is posted to the page, and the
 *   manager's messages are posted back.  Where workers are missing, the same runtime runs in
 *   the page.
 *
 * The runtime starts when a demo comes near the screen (about a screen and a half away), so
 * that a reader who has read for a few seconds gets the table at once after the click; with
 * the browser's data saver on (navigator.connection.saveData), it waits for the click.  A page
 * whose demo is far below the first screen loads none of it until the reader scrolls.
 *
 * data-solver: "wasm", "native" or "python" once the runtime is ready: the search the solver runs
 * on (trickcore.solver.native.backend(); the live table's Pyodide has no C extension, so "wasm"
 * where the wheel carries the solver's C core as WebAssembly, else "python").  The page's URL
 * with ?live-solver=python forces the Python search (to compare the two).
 *
 * data-live-state: "idle" until the button is pressed (the runtime may be getting ready
 * meanwhile: data-live-early is "starting", then "built" once the demo is built in Python),
 * "starting" from the click, with a progress bar at once, then "ready" once the table accepts
 * input ("failed", with the reason in words, if it could not start).
 *
 * data-table-mode: "table" or "menu" while a hand demo takes the whole window (the table mode,
 * below: the start enters it, "Back to the page" leaves it, "Table mode" enters it again).
 */
(function () {
  "use strict";

  // ---------------------------------------------------------------- the runtime (Pyodide) --

  // The runtime answers the page's messages ({type: "boot" | "start" | "receive"}) and posts its
  // own ({type: "step" | "solver" | "started" | "comms" | "failed"}) with `post`.
  function Runtime(post) {
    var pyodide = null;
    var browser = null;
    var ready = null;
    function failed(error) {
      post({ type: "failed", message: String(error && error.message || error) });
    }
    // The comm messages Python sends while it handles one message of the page are posted
    // together, once it is done ("comms"), so that the page draws a move in one go: a control
    // is never seen half-redrawn, and there is one post per move rather than dozens.
    var outbox = [];
    function send(kind, text, buffers) {
      var list = buffers ? buffers.toJs() : [];
      if (buffers) buffers.destroy();
      outbox.push({ kind: kind, text: text,
                    buffers: list.map(function (b) { return new Uint8Array(b); }) });
    }
    function flush(answered) {
      var messages = outbox;
      outbox = [];
      if (messages.length || answered) {
        post({ type: "comms", messages: messages, answered: Boolean(answered) });
      }
    }
    return function handle(message) {
      if (message.type === "boot") {
        var indexURL = message.lite + "static/pyodide/";
        ready = import(indexURL + "pyodide.mjs").then(function (module) {
          return module.loadPyodide({ indexURL: indexURL });
        }).then(function (loaded) {
          pyodide = loaded;
          post({ type: "step", step: 1, name: "Pyodide booted" });
          var quiet = { messageCallback: function () {} };
          return pyodide.loadPackage(["traitlets"].concat(message.wheels), quiet);
        }).then(function () {
          post({ type: "step", step: 2, name: "wheels loaded" });
          pyodide.registerJsModule("tt_live_page", {
            send: send, flush: function () { flush(false); } });
          browser = pyodide.pyimport("trickcore.widgets.page_runner");
          pyodide.runPython(
            "import tt_live_page, trickcore.widgets.page_runner as b\n" +
            "b.install(lambda kind, text, buffers: tt_live_page.send(kind, text, buffers),\n" +
            "          tt_live_page.flush)\n" +
            // trickcore speaks the page's language (it knows en and fr; anything else is en).
            "import trickcore.i18n\n" +
            "trickcore.i18n.set_language(trickcore.i18n.normalize_language(" +
            JSON.stringify(message.language || "en") + ") or 'en')\n" +
            "b.prepare(" + JSON.stringify(message.demos || []) + ")"
          );
          flush(false);
          // The solver's backend (trickcore.solver.native.backend(): "wasm" where the wheel
          // carries the C core as WebAssembly, else "python"); ?live-solver=python forces the
          // Python search, to compare the two.
          var native = pyodide.pyimport("trickcore.solver.native");
          if (message.solver === "python") native.force_python(true);
          post({ type: "solver", solver: String(native.backend()) });
          native.destroy();
          post({ type: "step", step: 3, name: "widgets imported" });
        });
        ready.catch(failed);
      } else if (message.type === "start") {
        ready.then(function () {
          var modelId;
          try {
            modelId = browser.start(message.demo, message.args, message.link || "{}");
          } finally {
            flush(false);
          }
          post({ type: "started", key: message.key, modelId: modelId });
        }).catch(failed);
      } else if (message.type === "receive") {
        var views = pyodide.toPy(message.buffers);
        try {
          browser.receive(message.commId, message.text, views);
        } catch (error) {
          failed(error);
        } finally {
          views.destroy();
          flush(true);
        }
      }
    };
  }

  if (typeof document === "undefined") {  // in the worker
    var handle = Runtime(function (message) { self.postMessage(message); });
    self.addEventListener("message", function (event) { handle(event.data); });
    return;
  }

  // ------------------------------------------------------------------------------ the page --

  var SCRIPT = document.currentScript ? document.currentScript.src : "";
  // The page's words, in the page's language (<html lang>): the French edition is in fr/.
  var WORDS = {
    en: {
      steps: ["Loading Python", "Loading the card engine and the widgets",
              "Loading the card engine and the widgets", "Dealing the cards",
              "Drawing the table"],
      copy: "Copy class link",
      copyTitle: "Copy a link to this page that starts every student on the deal shown",
      field: "Class link",
      copied: "Copied: paste it for the class.",
      copyByHand: "Copy the link from the field.",
      classDeal: "The class is playing deal ",
      classSeat: ", from {seat}\u2019s seat. Press Play it live to start it.",
      classStart: ". Press Play it live to start it.",
      stopped: "The live demo stopped: ",
      reload: ". Reload the page to start again.",
      failed: "The live demo could not start: ",
      notebook: ". The notebook link below opens the same demo in JupyterLite.",
      table: "The card table",
      tableTools: "The table's tools",
      leave: "Back to the page",
      leaveTitle: "Leave the table: the page again, where you were (Esc)",
      menu: "Menu",
      menuTitle: "The other tools: start again, the seat, the bots, the score sheet, what happened, the deal code",
      back: "Back to the table",
      full: "Full screen",
      fullTitle: "Let the table take the whole screen",
      enter: "Table mode",
      enterTitle: "Play on a table that takes the whole window",
      more: "Tap to read it all"
    },
    fr: {
      steps: ["Chargement de Python", "Chargement du moteur de jeu et des widgets",
              "Chargement du moteur de jeu et des widgets", "Distribution des cartes",
              "Mise en place de la table"],
      copy: "Copier le lien de classe",
      copyTitle: "Copier un lien vers cette page qui fait commencer chaque élève sur la donne affichée",
      field: "Lien de classe",
      copied: "Copié\u202f: collez-le pour la classe.",
      copyByHand: "Copiez le lien depuis le champ.",
      classDeal: "La classe joue la donne ",
      classSeat: ", à la place de {seat}. Appuyez sur Jouer en direct pour la commencer.",
      classStart: ". Appuyez sur Jouer en direct pour la commencer.",
      stopped: "La démo en direct s’est arrêtée\u202f: ",
      reload: ". Rechargez la page pour recommencer.",
      failed: "La démo en direct n’a pas pu démarrer\u202f: ",
      notebook: ". Le lien vers le notebook, plus bas, ouvre la même démo dans JupyterLite.",
      table: "La table de jeu",
      tableTools: "Les outils de la table",
      leave: "Retour à la page",
      leaveTitle: "Quitter la table\u202f: la page à nouveau, là où vous étiez (Échap)",
      menu: "Menu",
      menuTitle: "Les autres outils\u202f: recommencer, la place, les robots, la feuille de marque, ce qui s’est passé, le code de donne",
      back: "Retour à la table",
      full: "Plein écran",
      fullTitle: "La table prend tout l’écran",
      enter: "Mode table",
      enterTitle: "Jouer sur une table qui prend toute la fenêtre",
      more: "Touchez pour tout lire"
    }
  };
  var LANG = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  var SAY = WORDS[LANG] || WORDS.en;
  var STEPS = SAY.steps;
  // How far below (or above) the screen a demo starts its runtime: about a screen and a half.
  var APPROACH = "150% 0px";

  // A reason from Python said in the status line: set as text (textContent), and its invisible
  // controls (the bidi overrides and isolates, which would turn the line round) written out as
  // "[U+202E]", cut to a sane length; a class link's values can end up in it.
  var HIDDEN = new RegExp("[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f" +
                          "\\u2028-\\u202e\\u2060-\\u2069\\ufeff]", "g");
  function plain(text) {
    var whole = String(text);
    return whole.slice(0, 400).replace(HIDDEN, function (c) {
      return "[U+" + ("000" + c.charCodeAt(0).toString(16).toUpperCase()).slice(-4) + "]";
    }) + (whole.length > 400 ? "\u2026" : "");
  }

  // Where the start goes, for the browser tests (performance.getEntriesByType("mark")).
  function mark(name) { performance.mark("tt-live:" + name); }

  function PageComm(id, target, session) {
    this.comm_id = id;
    this.target_name = target;
    this.session = session;
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
      return b.buffer ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength).slice()
        : new Uint8Array(b);
    });
    this.session.asked();
    this.session.post({ type: "receive", commId: this.comm_id, text: JSON.stringify(data),
                        buffers: views });
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

  // One runtime per page, shared by its demos: the widget manager here, Pyodide in the worker.
  function Session(lite, wheels, demos) {
    var session = this;
    this.comms = {};
    this.started = {};
    this.step = 0;
    this.waiting = 0;
    this.error = null;
    this.listeners = [];
    mark("runtime start");
    // The widget manager is parsed on the page's thread.  With Pyodide in a worker the two
    // load side by side from the start (measured: the manager is ready a second or more
    // before Pyodide has booted, where loading it after the boot put that second on the way
    // to a playable table); with Pyodide in the page it is loaded at once too.
    var loading = null;
    this.manager = new Promise(function (resolve) {
      session.loadManager = function () {
        if (loading) return;
        loading = window.ttWidgets.managerModule().then(function (html) {
          mark("widget manager loaded");
          return new html.HTMLManager({
            loader: function (name) {
              return Promise.reject(new Error("no widget module " + name + " on this site"));
            }
          });
        });
        resolve(loading);
      };
    });
    this.manager.catch(function (error) { session.fail(error); });
    var receive = function (message) { session.receive(message); };
    var worker = null;
    if (SCRIPT && window.Worker && !/[?&]live-worker=0\b/.test(location.search)) {
      try {
        worker = new Worker(SCRIPT, { type: "module" });
      } catch (error) {
        worker = null;  // a browser without module workers: the runtime runs in the page
      }
    }
    if (worker) {
      this.where = "worker";
      this.loadManager();
      worker.addEventListener("message", function (event) { receive(event.data); });
      worker.addEventListener("error", function (event) {
        event.preventDefault();
        session.fail(new Error(event.message || "the worker stopped"));
      });
      this.post = function (message) { worker.postMessage(message); };
    } else {
      this.where = "page";
      this.loadManager();
      var handle = Runtime(function (message) {
        Promise.resolve().then(function () { receive(message); });
      });
      this.post = function (message) { handle(message); };
    }
    var solver = /[?&]live-solver=python\b/.test(location.search) ? "python" : "";
    this.post({ type: "boot", lite: lite, wheels: wheels, demos: demos, language: LANG,
                solver: solver });
  }
  Session.prototype.receive = function (message) {
    var session = this;
    if (message.type === "step") {
      mark(message.name);
      this.progress(message.step);
    } else if (message.type === "solver") {
      // data-solver on every live table's root: which search the exact analysis runs on
      document.querySelectorAll(".tt-live-table").forEach(function (root) {
        root.setAttribute("data-solver", message.solver);
      });
    } else if (message.type === "failed") {
      this.fail(new Error(message.message));
    } else if (message.type === "comms") {
      // The manager may still be loading: its messages wait for it, in order, and a batch is
      // delivered in one go.
      this.manager.then(function (manager) {
        message.messages.forEach(function (one) { session.deliver(manager, one); });
        if (message.answered) session.answered();
      });
    } else {
      this.manager.then(function (manager) { session.deliver(manager, message); });
    }
  };
  // The table is busy from a message to Python (a click, a key, a choice) until Python's
  // answer is drawn: data-live-busy on every demo of the page, for tests and for the cursor.
  Session.prototype.asked = function () {
    this.waiting += 1;
    document.querySelectorAll(".tt-live-table").forEach(function (root) {
      root.setAttribute("data-live-busy", "true");
    });
  };
  Session.prototype.answered = function () {
    var session = this;
    this.waiting = Math.max(0, this.waiting - 1);
    if (this.waiting) return;
    // The manager draws what it was sent in promises and frames: two frames later it is drawn.
    window.requestAnimationFrame(function () {
      window.requestAnimationFrame(function () {
        if (session.waiting) return;
        document.querySelectorAll(".tt-live-table[data-live-busy]").forEach(function (root) {
          root.removeAttribute("data-live-busy");
        });
        document.dispatchEvent(new CustomEvent("tt-live-answered"));
      });
    });
  };
  Session.prototype.deliver = function (manager, message) {
    if (message.type === "started") {
      var waiting = this.started[message.key];
      if (waiting) waiting(message.modelId);
      return;
    }
    var body = JSON.parse(message.text);
    var msg = {
      content: { comm_id: body.comm_id, target_name: body.target_name, data: body.data },
      metadata: body.metadata,
      buffers: message.buffers.map(function (b) {
        return new DataView(b.buffer, b.byteOffset, b.byteLength);
      })
    };
    if (message.kind === "comm_open") {
      var comm = new PageComm(body.comm_id, body.target_name, this);
      this.comms[body.comm_id] = comm;
      manager.handle_comm_open(comm, msg);
    } else if (message.kind === "comm_msg") {
      var target = this.comms[body.comm_id];
      if (target) target.deliver(msg);
    } else if (message.kind === "comm_close") {
      var closing = this.comms[body.comm_id];
      delete this.comms[body.comm_id];
      if (closing && closing.onClose) closing.onClose(msg);
    }
  };
  Session.prototype.progress = function (step) {
    this.step = Math.max(this.step, step);
    this.listeners.forEach(function (listener) { listener(); });
  };
  Session.prototype.fail = function (error) {
    if (this.error) return;
    this.error = error;
    console.error(error);  // a fault of the site: the console tests fail on it
    this.listeners.forEach(function (listener) { listener(); });
  };
  // Build a demo in Python: a promise of its widget's model id.
  Session.prototype.start = function (key, demo, args) {
    var session = this;
    var built = new Promise(function (resolve, reject) {
      session.started[key] = resolve;
      session.listeners.push(function () { if (session.error) reject(session.error); });
      if (session.error) reject(session.error);
    });
    this.post({ type: "start", key: key, demo: demo, args: args, link: classLink() });
    return built;
  };

  var session = null;
  // The page-address parameters that say how the sender sees the page, not what to play.
  var VIEW_ONLY = ["projector", "live-worker"];

  // A class link (?deal=CODE&seat=N in the page's URL) names the deal and the seat every demo
  // of the page starts on.  The values are passed to Python as they are, as JSON data (never
  // as code); trickcore's deal-code parser checks them there, and a bad or foreign code is
  // said in words in the demo, which then shows the page's own deal.
  function classLink() {
    var params = new URLSearchParams(location.search);
    var link = {};
    ["deal", "seat"].forEach(function (name) {
      var value = params.get(name);
      if (value !== null) link[name] = value.slice(0, 200);
    });
    return JSON.stringify(link);
  }

  // "Copy class link": the page's address with the deal on screen (and the reader's seat), so
  // that a teacher can send one deal to a whole class.  The link is also shown in a field, to
  // copy by hand where the clipboard is not available.
  function addClassLink(root, area) {
    if (!area.querySelector("[data-deal-code]") || root.querySelector(".tt-class-link")) return;
    var bar = root.querySelector(".tt-live-bar");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "tt-class-link";
    button.textContent = SAY.copy;
    button.title = SAY.copyTitle;
    var field = document.createElement("input");
    field.type = "text";
    field.readOnly = true;
    field.className = "tt-class-link-field";
    field.setAttribute("aria-label", SAY.field);
    field.hidden = true;
    var said = document.createElement("span");
    said.className = "tt-class-link-status";
    said.setAttribute("role", "status");
    button.addEventListener("click", function () {
      var shown = area.querySelector("[data-deal-code]");
      if (!shown) return;
      var url = new URL(location.href);
      // A class link carries the deal and the seat only: never the sender's view (projector
      // view would open every student's phone on the projector stage) or test switches.
      VIEW_ONLY.forEach(function (name) { url.searchParams.delete(name); });
      url.searchParams.set("deal", shown.getAttribute("data-deal-code"));
      var seat = shown.getAttribute("data-deal-seat");
      if (seat !== null) url.searchParams.set("seat", seat); else url.searchParams.delete("seat");
      var section = root.ttSection;
      url.hash = section && section.id ? section.id : "";
      field.value = url.href;
      field.hidden = false;
      field.select();
      var copied = navigator.clipboard && window.isSecureContext
        ? navigator.clipboard.writeText(url.href) : Promise.reject(new Error("no clipboard"));
      copied.then(function () {
        said.textContent = SAY.copied;
      }, function () {
        said.textContent = SAY.copyByHand;
      });
    });
    bar.appendChild(document.createTextNode(" "));
    bar.appendChild(button);
    bar.appendChild(document.createTextNode(" "));
    bar.appendChild(field);
    bar.appendChild(document.createTextNode(" "));
    bar.appendChild(said);
  }

  function openSession(root) {
    if (!session) {
      var lite = new URL(root.getAttribute("data-live-lite"), document.baseURI).href;
      var wheels = JSON.parse(root.getAttribute("data-live-wheels")).map(function (name) {
        return lite + "pypi/" + name;
      });
      // The runtime imports the modules of the page's own demos only.
      var demos = Array.prototype.map.call(document.querySelectorAll(".tt-live-table"),
        function (table) { return table.getAttribute("data-live-demo"); });
      session = new Session(lite, wheels, demos);
    }
    return session;
  }

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
        // The next thing to do, in the hand: never a control further up (Hint, the seat), and
        // never a scroll: focusing moves the page to the element unless told not to, and on a
        // phone that took the trick and the hand off the screen after every tap.
        var actions = area.querySelector(".tt-actions");
        var next = area.querySelector(
          ".tt-actions button:not([disabled]):not(.tt-unplayable)") ||
          area.querySelector(".tt-actions button:not([disabled])");
        last = null;
        if (next) {
          next.focus({ preventScroll: true });
        } else if (actions) {
          actions.setAttribute("tabindex", "-1");
          actions.focus({ preventScroll: true });
        }
      }
    }
    new MutationObserver(tend).observe(area, { childList: true, subtree: true });
    tend();
  }

  // The manager draws the demo's child widgets asynchronously: the table is ready once a
  // control can be used.  In a hand demo that is one of the reader's bids, calls or cards (or,
  // should none come within about two seconds of frames, any enabled control: "New deal" at
  // the end of a deal); in the others any enabled control, or after about two seconds a demo
  // that has none (it only shows).  Until then it is "starting".
  var HAND_DEMOS = ["play_demo", "bid_demo"];
  var ENABLED = "button:not([disabled]), input:not([disabled]), select:not([disabled]), " +
    "textarea:not([disabled]), .noUi-handle";

  function controlsDrawn(area, demo) {
    var hand = HAND_DEMOS.indexOf(demo) >= 0;
    return new Promise(function (resolve) {
      var frames = 0;
      (function look() {
        frames += 1;
        var late = frames > 120;
        if ((hand && area.querySelector(".tt-actions button:not([disabled])")) ||
            ((!hand || late) && area.querySelector(ENABLED)) || (!hand && late)) resolve();
        else window.requestAnimationFrame(look);
      })();
    });
  }

  var demos = 0;

  // Boot the runtime (once per page) and build this demo in it, without drawing it yet.
  function prepare(root) {
    if (!root.ttBuilt) {
      var key = "demo-" + (++demos);
      root.setAttribute("data-live-early", "starting");
      root.ttBuilt = openSession(root).start(key, root.getAttribute("data-live-demo"),
                                             root.getAttribute("data-live-args"));
      root.ttBuilt.then(function () {
        mark("demo built in Python");
        root.setAttribute("data-live-early", "built");
      }, function () {  // said in words on the click
        root.setAttribute("data-live-early", "failed");
      });
    }
    return root.ttBuilt;
  }


  // ------------------------------------------------------------------- the table mode --
  //
  // A hand demo's "Play it live" brings the table to the reader, as a card game does: the
  // demo's root leaves the page's flow for the whole window (data-table-mode on it, a dialog;
  // html.tt-table-open), the page under it kept as it was (a placeholder of the same height
  // holds the demo's place, and the rest of the page is inert), so nothing on the page moves.
  // The table's own bar has "Back to the page", "Menu" (data-table-mode "menu": the other
  // tools, the seat, the bots, the score sheet, what happened, the deal code, the class link)
  // and, where the browser allows it, "Full screen".  live-demos.css lays the table out on one
  // screen: the felt, the prompt, the reader's bids, calls or cards, Hint, Undo and Next deal.
  // Leaving puts the demo back in its place, live, with the page where the reader left it;
  // "Table mode" on the demo's bar brings the table back.  In the projector view the stage is
  // the table already: the start brings the demo's felt to the top of the stage instead.
  var TABLE_DEMOS = ["play_demo", "bid_demo"];
  var table = null;  // {root, placeholder, scroll, offset, inert, fullscreen}
  // A click on one of these in the menu goes back to the table, to see what it did.
  var BACK_TO_TABLE = ".tt-restart-button, .tt-next-button, .tt-hint-button, .tt-undo-button, " +
    ".tt-paste button, .tt-match-start";
  // After one of these the table is brought to the reader again (a new deal, a new start).
  var BRINGS = ".tt-restart-button, .tt-next-button, .tt-paste button, .tt-match-start";

  function inStage(root) { return Boolean(root.closest(".tt-projector-stage")); }

  function control(className, text, title) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = className;
    button.textContent = text;
    if (title) button.title = title;
    return button;
  }

  function tableBar(root) {
    var bar = root.querySelector(".tt-table-bar");
    if (bar) return bar;
    bar = document.createElement("div");
    bar.className = "tt-table-bar";
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", SAY.tableTools);
    var leave = control("tt-table-leave", SAY.leave, SAY.leaveTitle);
    leave.addEventListener("click", function () { leaveTable(); });
    var menu = control("tt-table-menu", SAY.menu, SAY.menuTitle);
    menu.setAttribute("aria-expanded", "false");
    menu.addEventListener("click", function () {
      tableView(root, root.getAttribute("data-table-mode") === "menu" ? "table" : "menu");
    });
    bar.appendChild(leave);
    bar.appendChild(menu);
    if (document.fullscreenEnabled && root.requestFullscreen) {
      var full = control("tt-table-full", SAY.full, SAY.fullTitle);
      full.setAttribute("aria-pressed", "false");
      full.addEventListener("click", function () {
        if (document.fullscreenElement === root) {
          document.exitFullscreen().catch(function () {});
        } else {
          // A browser may refuse (an iframe, a kiosk): the table still fills the window.
          root.requestFullscreen().catch(function () {});
        }
      });
      bar.appendChild(full);
    }
    root.insertBefore(bar, root.firstChild);
    return bar;
  }

  // The first control the reader may use now: a bid, a call or a card (else any of theirs),
  // then, in a demo with no hand, any enabled control.
  function firstControl(area) {
    return area.querySelector(".tt-actions button:not([disabled]):not(.tt-unplayable)") ||
      area.querySelector(".tt-actions button:not([disabled])") ||
      area.querySelector(".tt-next-button:not([disabled])") ||
      area.querySelector(ENABLED);
  }

  // The table or its menu, in table mode.
  function tableView(root, view) {
    root.setAttribute("data-table-mode", view);
    var menu = root.querySelector(".tt-table-menu");
    if (menu) {
      menu.setAttribute("aria-expanded", view === "menu" ? "true" : "false");
      menu.textContent = view === "menu" ? SAY.back : SAY.menu;
    }
    root.scrollTop = 0;
    var area = root.querySelector(".tt-live-area");
    var first = view === "menu"
      ? root.querySelector(".tt-live-bar button, .tt-hand-demo button:not([disabled])")
      : firstControl(area);
    if (first && first.offsetParent) first.focus({ preventScroll: true });
  }

  function enterTable(root, offset) {
    if (table || inStage(root)) return;
    var placeholder = document.createElement("div");
    placeholder.className = "tt-table-placeholder";
    placeholder.style.height = root.getBoundingClientRect().height + "px";
    root.parentNode.insertBefore(placeholder, root);
    var scroll = window.scrollY;
    var inert = Array.prototype.filter.call(document.body.children, function (element) {
      return element !== root && !element.inert && element.tagName !== "SCRIPT";
    });
    table = { root: root, placeholder: placeholder, scroll: scroll, offset: offset,
              inert: inert };
    document.body.appendChild(root);
    inert.forEach(function (element) { element.inert = true; });
    tableBar(root);
    root.setAttribute("role", "dialog");
    root.setAttribute("aria-modal", "true");
    root.setAttribute("aria-label", SAY.table);
    document.documentElement.classList.add("tt-table-open");
    tableView(root, "table");
    if (window.scrollY !== scroll) window.scrollTo(0, scroll);
    var area = root.querySelector(".tt-live-area");
    var first = root.getAttribute("data-live-state") === "ready" ? firstControl(area) : null;
    (first || root.querySelector(".tt-table-leave")).focus({ preventScroll: true });
  }

  function leaveTable() {
    if (!table) return;
    var was = table;
    table = null;
    var root = was.root;
    if (document.fullscreenElement === root) document.exitFullscreen().catch(function () {});
    was.inert.forEach(function (element) { element.inert = false; });
    was.placeholder.parentNode.insertBefore(root, was.placeholder);
    was.placeholder.remove();
    root.removeAttribute("data-table-mode");
    root.removeAttribute("role");
    root.removeAttribute("aria-modal");
    root.removeAttribute("aria-label");
    document.documentElement.classList.remove("tt-table-open");
    if (root.getAttribute("data-live-state") === "ready") hideSnapshot(root);
    // The page where the reader left it: the demo where its button was on the screen.
    window.scrollTo(0, was.scroll);
    var top = root.getBoundingClientRect().top;
    if (Math.abs(top - was.offset) > 1) window.scrollBy(0, top - was.offset);
    var enter = root.querySelector(".tt-table-enter");
    if (enter) enter.focus({ preventScroll: true });
  }

  // The live table replaces the build-time snapshot of the same demo, above it.
  function hideSnapshot(root) {
    var section = root.ttSection;
    var snapshot = section && section.querySelector(".tt-widget-snapshot");
    if (snapshot) snapshot.style.display = "none";
  }

  // The top of the screen below whatever stays on it (the theme's sticky header, its article
  // bar on a phone): the bottom of a sticky or fixed element at the top of the screen.
  function screenTop() {
    var element = document.elementFromPoint(window.innerWidth / 2, 2);
    for (; element && element !== document.body; element = element.parentElement) {
      var position = getComputedStyle(element).position;
      if (position === "sticky" || position === "fixed") {
        var box = element.getBoundingClientRect();
        if (box.top <= 2 && box.bottom < window.innerHeight / 2) return Math.max(0, box.bottom);
      }
    }
    return 0;
  }

  // Bring the table to the reader: in table mode its top; on the page (the projector's stage,
  // a demo with no table mode) the felt (else the demo) at the top of the screen unless it and
  // the first control are on it already; the focus on that control, without a scroll.
  function bring(root) {
    var area = root.querySelector(".tt-live-area");
    var first = firstControl(area);
    if (table && table.root === root) {
      if (root.getAttribute("data-table-mode") !== "table") tableView(root, "table");
      root.scrollTop = 0;
    } else {
      var felt = area.querySelector(".tt-felt") || area;
      var top = screenTop();
      var box = felt.getBoundingClientRect();
      var last = first ? first.getBoundingClientRect() : box;
      if (box.top < top || Math.max(box.bottom, last.bottom) > window.innerHeight) {
        window.scrollBy(0, (inStage(root) ? area.getBoundingClientRect().top : box.top) -
                        top - 4);
      }
    }
    if (first) first.focus({ preventScroll: true });
  }

  // The table's taps that start something new (a new deal, a deal code) bring it back to the
  // reader once Python's answer is drawn; a tap in the menu on Hint, Undo, Start again... goes
  // back to the table to see it.  A long explanation (the hook) is short on the table: a tap
  // reads it all.
  // A card of a fanned hand shows a strip of its face.  Where the strip is narrower than a
  // finger (44 px), a finger's first tap opens the card (its whole face, raised) and only a tap
  // on the opened card plays it, so that a finger that lands on the neighbour plays nothing.
  // A mouse is precise enough to play a strip on one click, and a key (Enter, Space: a click
  // with no pointer) plays the focused card at once.  A card that cannot be played now opens
  // and still says why, since that tap plays nothing anyway.
  var FINGER = 44;
  var lastPointer = "";
  function notePointer(event) { lastPointer = event.pointerType || ""; }
  function openCard(event) {
    var target = event.target;
    var card = target.closest && target.closest(".tt-hand .tt-card-button");
    var hand = card && card.closest(".tt-hand");
    var open = (hand || event.currentTarget).querySelectorAll(".tt-peek");
    // A click is a pointer event in most browsers (its own pointerType; none for a script's
    // click); where it is not, the pointer that last went down says what tapped.
    var pointer = typeof PointerEvent !== "undefined" && event instanceof PointerEvent
      ? event.pointerType : lastPointer;
    var finger = pointer === "touch" || pointer === "pen";
    var closeAllBut = function (kept) {
      for (var i = 0; i < open.length; i++) if (open[i] !== kept) open[i].classList.remove("tt-peek");
    };
    if (!card || !finger || event.detail === 0 || card.classList.contains("tt-peek") ||
        card.getBoundingClientRect().width >= FINGER - 0.5) {
      closeAllBut(null);
      return;
    }
    closeAllBut(card);
    card.classList.add("tt-peek");
    if (card.classList.contains("tt-unplayable")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  function tendTable(root, area) {
    area.addEventListener("pointerdown", notePointer, true);
    area.addEventListener("click", openCard, true);
    area.addEventListener("click", function (event) {
      var target = event.target;
      if (!target.closest) return;
      if (target.closest(BRINGS)) root.ttBring = true;
      if (root.getAttribute("data-table-mode") === "menu" && target.closest(BACK_TO_TABLE)) {
        window.setTimeout(function () { tableView(root, "table"); }, 0);
      }
      var hook = target.closest(".tt-hook");
      if (hook && root.hasAttribute("data-table-mode")) hook.classList.toggle("tt-hook-open");
    });
    area.addEventListener("change", function (event) {
      if (event.target.closest && event.target.closest(".tt-paste")) root.ttBring = true;
    });
    area.addEventListener("keydown", function (event) {
      var hook = event.target.closest && event.target.closest(".tt-hook");
      if (hook && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        hook.classList.toggle("tt-hook-open");
      }
    });
    document.addEventListener("tt-live-answered", function () {
      if (!root.ttBring) return;
      root.ttBring = false;
      bring(root);
    });
    new MutationObserver(function () {
      var hook = area.querySelector(".tt-hook");
      if (hook && hook.textContent.trim() && !hook.hasAttribute("tabindex")) {
        hook.setAttribute("tabindex", "0");
        hook.setAttribute("title", SAY.more);
      }
    }).observe(area, { childList: true, subtree: true });
  }

  function enterButton(root) {
    var bar = root.querySelector(".tt-live-bar");
    if (!bar || root.querySelector(".tt-table-enter")) return;
    var enter = control("tt-table-enter", SAY.enter, SAY.enterTitle);
    enter.addEventListener("click", function () {
      enterTable(root, root.getBoundingClientRect().top);
    });
    bar.insertBefore(enter, bar.firstChild);
  }

  document.addEventListener("keydown", function (event) {
    if (!table || event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    if (table.root.getAttribute("data-table-mode") === "menu") tableView(table.root, "table");
    else leaveTable();
  });
  document.addEventListener("fullscreenchange", function () {
    var full = table && table.root.querySelector(".tt-table-full");
    if (full) {
      full.setAttribute("aria-pressed", document.fullscreenElement === table.root ? "true" : "false");
    }
  });

  function play(root, offset) {
    var progress = root.querySelector("progress");
    var status = root.querySelector(".tt-live-status");
    var area = root.querySelector(".tt-live-area");
    var demo = root.getAttribute("data-live-demo");
    mark("click");
    root.setAttribute("data-live-state", "starting");
    root.setAttribute("aria-busy", "true");
    progress.max = STEPS.length;
    progress.hidden = false;
    var built = prepare(root);
    var drawing = false;
    var tableMode = TABLE_DEMOS.indexOf(demo) >= 0 && !inStage(root);
    if (tableMode) {
      enterTable(root, offset);
    } else {
      // The demo's place is kept from the tap (the snapshot's height), so that the page does
      // not move when it is drawn.
      var section = root.ttSection;
      var snapshot = section && section.querySelector(".tt-widget-snapshot");
      if (snapshot) area.style.minHeight = snapshot.getBoundingClientRect().height + "px";
      hideSnapshot(root);
    }
    function show() {
      var state = root.getAttribute("data-live-state");
      if (state === "ready" && session.error) {  // the runtime stopped under a playing table
        root.setAttribute("data-live-state", "failed");
        status.textContent = SAY.stopped + plain(session.error.message) + SAY.reload;
      }
      if (state !== "starting") return;
      var step = drawing ? STEPS.length - 1 : session.step;
      progress.value = step + (drawing ? 0.5 : 0);
      var text = STEPS[step] + "\u2026";
      if (status.textContent !== text) status.textContent = text;
    }
    session.listeners.push(show);
    show();
    var manager = null;
    Promise.all([session.manager, built]).then(function (both) {
      manager = both[0];
      drawing = true;
      show();
      return manager.get_model(both[1]);
    }).then(function (model) {
      return manager.create_view(model);
    }).then(function (view) {
      return manager.display_view(view, area);
    }).then(function () {
      return controlsDrawn(area, demo);
    }).then(function () {
      mark("demo drawn");
      keepFocus(area);
      addClassLink(root, area);
      tendTable(root, area);
      if (TABLE_DEMOS.indexOf(demo) >= 0) enterButton(root);
      progress.hidden = true;
      status.textContent = "";
      root.removeAttribute("aria-busy");
      root.setAttribute("data-live-state", "ready");
      area.style.minHeight = "";
      bring(root);
      // Nothing floating covers a table being played (the theme's "Back to top" button sat on
      // the hand): live-demos.css hides it while this is set.
      document.documentElement.setAttribute("data-live-playing", "true");
    }).catch(function (error) {
      if (error !== session.error) console.error(error);
      progress.hidden = true;
      root.removeAttribute("aria-busy");
      root.setAttribute("data-live-state", "failed");
      status.textContent = SAY.failed + plain(error && error.message || error) + SAY.notebook;
    });
  }

  // With the browser's data saver on, or on a touch screen (a phone or a tablet, often on a
  // metered plan), nothing heavy loads before the reader asks for it: the runtime (about 15 MB
  // the first time) starts on the tap.
  function saveData() {
    return Boolean(navigator.connection && navigator.connection.saveData);
  }
  function touchScreen() {
    return Boolean((window.matchMedia && window.matchMedia("(pointer: coarse)").matches) ||
                   navigator.maxTouchPoints > 0);
  }

  // A class link's first screen: the demo that plays the linked deal, saying which deal and
  // which seat, with its start button; the build-time picture of the page's own deal, above it,
  // is hidden (it showed another deal first).  The values are only repeated as text (plain());
  // Python checks them when the demo starts.
  function classDeal(roots) {
    var params = new URLSearchParams(location.search);
    var deal = params.get("deal");
    if (deal === null) return;
    var root = null;
    roots.forEach(function (one) {
      if (!root && LINKED.indexOf(one.getAttribute("data-live-demo")) >= 0) root = one;
    });
    if (!root) return;
    var section = root.closest("section");
    var snapshot = section && section.querySelector(".tt-widget-snapshot");
    // The whole cell of that picture goes, its "Show code cell source" bar included.
    var cell = snapshot && (snapshot.closest(".cell") || snapshot);
    if (cell) cell.style.display = "none";
    var seat = params.get("seat");
    var name = null;
    if (seat !== null) {
      var names = JSON.parse(root.getAttribute("data-live-seats") || "[]");
      var players = /-([0-9]{1,2})-[0-9]+(?:-[0-9]+)?$/.exec(deal);
      if (players) names = names.slice(0, Number(players[1]));
      var clean = seat.trim();
      if (/^[0-9]$/.test(clean) && Number(clean) < names.length) name = names[Number(clean)];
      names.forEach(function (one) { if (one.toLowerCase() === clean.toLowerCase()) name = one; });
    }
    var line = document.createElement("p");
    line.className = "tt-class-deal";
    var code = document.createElement("code");
    code.textContent = plain(deal.slice(0, 80)) + (deal.length > 80 ? "\u2026" : "");
    line.appendChild(document.createTextNode(SAY.classDeal));
    line.appendChild(code);
    if (name) line.appendChild(document.createTextNode(SAY.classSeat.replace("{seat}", name)));
    else line.appendChild(document.createTextNode(SAY.classStart));
    var bar = root.querySelector(".tt-live-bar");
    root.insertBefore(line, bar);
    root.setAttribute("data-class-deal", "shown");
    // Bring it to the first screen, below the theme's sticky header (scroll-margin-top in
    // live-demos.css), and keep it there while the page above it settles (fonts, pictures,
    // the demos' snapshots being drawn), until the reader scrolls or taps themselves.
    var moved = false;
    var stop = function () { moved = true; };
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (name) {
      window.addEventListener(name, stop, { once: true, passive: true });
    });
    var go = function () { if (!moved) root.scrollIntoView({ block: "start" }); };
    go();
    window.addEventListener("load", go, { once: true });
    [300, 1000, 2000, 3500].forEach(function (wait) { window.setTimeout(go, wait); });
  }
  var LINKED = ["play_demo", "bid_demo"];

  function start() {
    var roots = document.querySelectorAll(".tt-live-table");
    roots.forEach(function (root) {
      var button = root.querySelector(".tt-live-start");
      root.ttSection = root.closest("section");
      button.addEventListener("click", function () {
        // Where the reader tapped: the page comes back there when they leave the table.
        var offset = root.getBoundingClientRect().top;
        button.disabled = true;
        button.hidden = true;
        play(root, offset);
      }, { once: true });
    });
    classDeal(roots);
    if (!roots.length || saveData() || touchScreen() || !("IntersectionObserver" in window)) {
      return;
    }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          mark("approach");
          prepare(entry.target);
        }
      });
    }, { rootMargin: APPROACH });
    roots.forEach(function (root) { observer.observe(root); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
