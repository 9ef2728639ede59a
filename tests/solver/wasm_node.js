/* The WebAssembly solver under Node.js, for tests/solver/test_wasm.py: loads
 * trickcore/solver/solver_wasm.js (the shim Pyodide uses) over the .wasm named on the command line
 * and answers JSON lines on stdin, one a line on stdout:
 *   {"op": "general" | "table" | "twoHand", "args": [...]}          -> {"value": handle number}
 *   {"op": "call", "handle": n, "method": "testArray", "args": [...]} -> {"value": ...}
 * Handles passed as arguments are written {"handle": n}.  Errors: {"error": message}.
 * Usage: node wasm_node.js SHIM WASM
 */
"use strict";
const fs = require("fs");
const readline = require("readline");
const api = require(require("path").resolve(process.argv[2]));
const solver = api.create(fs.readFileSync(process.argv[3]));
const handles = new Map();
let next = 1;

function unwrap(v) {
  return v && typeof v === "object" && !Array.isArray(v) && "handle" in v ? handles.get(v.handle) : v;
}

function answer(message) {
  const args = (message.args || []).map(unwrap);
  if (message.op === "call") return handles.get(message.handle)[message.method](...args);
  const made = solver[message.op](...args);
  handles.set(next, made);
  return next++;
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let out;
  try {
    const value = answer(JSON.parse(line));
    out = { value: value === undefined ? null : value };
  } catch (error) {
    out = { error: String(error && error.message || error) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
