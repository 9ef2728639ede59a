// Precompile pure-Python wheels for the site's Pyodide (scripts/build_lite.py runs this).
//
//   node scripts/pyc_wheels.mjs WHEEL...
//
// In the browser, Python compiles every module it imports from source, every time a page starts
// it (its file system lives in memory): for ipywidgets and trickcore that is about half of their
// import time.  This boots the very Pyodide the site serves (node_modules/pyodide: the same
// CPython, so the same bytecode) and adds to each wheel, in place, a
// __pycache__/<module>.<cache tag>.pyc beside every .py file, in the "unchecked hash" form:
// Python then loads the bytecode without compiling and without checking the source, which stays
// in the wheel for tracebacks and help().  The new files are listed in the wheel's RECORD.  A
// wheel that already holds bytecode for this Python is left as it is; the output is the same on
// every run (the bytecode depends only on the source).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pyodide = await loadPyodide({ indexURL: path.join(here, "..", "node_modules", "pyodide") + "/" });
pyodide.runPython(`
import base64, hashlib, importlib.util, io, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

TAG = sys.implementation.cache_tag


def precompile(source: str, target: str) -> int:
    """Write to target the wheel at source with bytecode added; how many modules (0: none
    needed, the wheel already has this Python's bytecode)."""
    with zipfile.ZipFile(source) as wheel:
        names = wheel.namelist()
        if any(name.endswith(f".{TAG}.pyc") for name in names):
            return 0
        record = next(name for name in names if name.endswith(".dist-info/RECORD"))
        added = []
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
            for info in wheel.infolist():
                data = wheel.read(info)
                if info.filename == record:
                    continue
                new.writestr(info, data)
                if not info.filename.endswith(".py"):
                    continue
                try:
                    with warnings.catch_warnings():  # a package's own warnings, not ours
                        warnings.simplefilter("ignore")
                        code = compile(data, info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    continue  # never imported as it is (a template, a test fixture)
                pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                folder, _, name = info.filename.rpartition("/")
                member = (folder + "/" if folder else "") + f"__pycache__/{name[:-3]}.{TAG}.pyc"
                entry = zipfile.ZipInfo(member, date_time=info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                new.writestr(entry, pyc)
                digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=")
                added.append(f"{member},sha256={digest.decode()},{len(pyc)}")
            lines = wheel.read(record).decode().rstrip("\\n").split("\\n") + added
            new.writestr(wheel.getinfo(record), "\\n".join(lines) + "\\n")
    with open(target, "wb") as file:
        file.write(out.getvalue())
    return len(added)
`);
const precompile = pyodide.globals.get("precompile");
const tag = pyodide.runPython("TAG");
for (const wheel of process.argv.slice(2)) {
  pyodide.FS.writeFile("/tmp/in.whl", fs.readFileSync(wheel));
  const count = precompile("/tmp/in.whl", "/tmp/out.whl");
  if (count > 0) fs.writeFileSync(wheel, pyodide.FS.readFile("/tmp/out.whl"));
  console.log(`pyc_wheels: ${path.basename(wheel)}: ` +
              (count > 0 ? `${count} modules precompiled for ${tag}` : `already has ${tag} bytecode`));
}
