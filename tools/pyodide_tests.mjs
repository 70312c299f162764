// The test suite under Pyodide: CPython compiled to WebAssembly, run by Node.js.
//
//   node pyodide_tests.mjs WHEELS PROJECT [pytest arguments...]
//
// Installs every wheel in the folder WHEELS (the pure bugami wheel, and pytest,
// hypothesis and what they need, all py3-none-any) into Pyodide's site-packages,
// mounts the folder PROJECT (a checkout or an unpacked sdist) and runs pytest there.
// The package is imported from site-packages, as from any installed wheel (see
// conftest.py). Tests that start processes are skipped: Pyodide cannot. The exit
// status is pytest's. Pyodide itself comes from the npm registry (`npm install
// pyodide`), found from the folder this file is run from.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

const [wheels, project, ...args] = process.argv.slice(2);
if (!wheels || !project) {
  console.error("usage: node pyodide_tests.mjs WHEELS PROJECT [pytest arguments...]");
  process.exit(2);
}
// Pyodide's Python does not see Node's environment: pass on what the tests read.
const env = { HOME: "/home/pyodide" };
if (process.env.HYPOTHESIS_PROFILE) env.HYPOTHESIS_PROFILE = process.env.HYPOTHESIS_PROFILE;
const pyodide = await loadPyodide({ env });
const site = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of readdirSync(wheels).filter((name) => name.endsWith(".whl"))) {
  const wheel = new Uint8Array(readFileSync(resolve(wheels, name)));
  pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
}
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(project) }, "/project");
pyodide.globals.set("pytest_args", pyodide.toPy(args));
try {
  const status = pyodide.runPython(`
import os, sys
import pytest
os.chdir("/project")
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}")
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
  process.exitCode = Number(status); // not process.exit(): let the output drain first
} catch (error) {
  console.error(String(error.message ?? error));
  process.exitCode = 1;
}
