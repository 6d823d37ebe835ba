// The browser suite never skips silently: without Debian's Chromium, `npm test` stops here and says why.
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `\nChromium was not found at ${chromium}.\n` +
      "The end-to-end tests drive Debian's Chromium. Install it with:\n\n" +
      "    sudo apt-get update && sudo apt-get install -y chromium\n\n" +
      "or point CHROMIUM_PATH at another Chromium binary. (Playwright's own browser download is not used.)\n",
  );
  process.exit(1);
}
