// Bundles each game's view (js/<game>.js plus the shared code in js/lib/) into one
// ES module per game in src/gamewidgets/static/, which anywidget loads as `_esm`.
// `node js/build.mjs --watch` rebuilds on change.
import * as esbuild from "esbuild";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const entryPoints = readdirSync(here)
  .filter((name) => name.endsWith(".js") && name !== "build.mjs")
  .map((name) => join(here, name));

const options = {
  entryPoints,
  bundle: true,
  format: "esm",
  target: "es2020",
  outdir: join(here, "..", "src", "gamewidgets", "static"),
  logLevel: "warning",
};

if (process.argv.includes("--watch")) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log("watching js/ ...");
} else {
  await esbuild.build(options);
}
