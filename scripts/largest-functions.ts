// Lists the longest functions in src/ (product code, not tests or test support), for the code-health
// figures of a refactoring note: `node --import tsx scripts/largest-functions.ts [--top N]`.
// A function's length is every line from its first to its last, as ESLint's max-lines-per-function
// counts it in eslint.config.js (no function over 100 lines), so the two always agree.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "../src");
const topArgument = process.argv.indexOf("--top");
const top = topArgument >= 0 ? Number(process.argv[topArgument + 1]) : 15;

const testOnlyFolders = new Set(["test-fixtures", "test-support"]);
const isProductFile = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== "test-setup.ts";

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testOnlyFolders.has(entry.name) ? [] : sourceFiles(full);
    return isProductFile(entry.name) ? [full] : [];
  });
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

const found: { where: string; name: string; lines: number }[] = [];
for (const file of sourceFiles(root)) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push({ where: `${path.relative(root, file)}:${start}`, name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
for (const entry of found.slice(0, top)) console.log(`${String(entry.lines).padStart(5)}  ${entry.name}  src/${entry.where}`);
const over = (n: number) => found.filter((entry) => entry.lines > n).length;
console.log(`${found.length} functions; ${over(50)} over 50 lines, ${over(100)} over 100 lines`);
