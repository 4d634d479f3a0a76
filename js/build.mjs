// Bundles each game's view (js/<game>/index.js and what it imports, js/lib/ included)
// into one minified ES module per game, src/gamewidgets/static/<game>.js, which
// anywidget loads as `_esm`.
//
//   node js/build.mjs                  every game
//   node js/build.mjs line98 mahjong   only those (the others' bundles stay as they are)
//   node js/build.mjs --watch          rebuild on change
import * as esbuild from "esbuild";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const games = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, "index.js")))
  .map((entry) => entry.name);
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
for (const name of asked) {
  if (!games.includes(name)) {
    console.error(`no view named ${name} (views: ${games.join(", ")})`);
    process.exit(2);
  }
}

const options = {
  entryPoints: (asked.length ? asked : games).map((game) => ({ in: join(here, game, "index.js"), out: game })),
  bundle: true,
  format: "esm",
  target: "es2020",
  minify: true,
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
