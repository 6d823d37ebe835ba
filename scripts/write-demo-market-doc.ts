// npm run docs:demo-market — writes docs/demo-market.md from the demo universe (demo-market-doc.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { demoMarketDoc } from "../src/server/adapters/market/demo-market-doc";

const target = path.resolve(import.meta.dirname, "../docs/demo-market.md");
writeFileSync(target, demoMarketDoc());
process.stdout.write(`Wrote ${path.relative(process.cwd(), target)}\n`);
