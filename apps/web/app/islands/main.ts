/*
 * The islands entry: the only script of the static marketing pages, instead of React
 * (docs/decisions/010-marketing-islands.md). Built by islands-plugin.ts into
 * /assets/islands-[hash].js; the root layout adds it to those pages as a module script, which
 * runs once the page's markup is parsed. What it does: start.ts.
 */
import { startIslands } from "./start";

startIslands();
