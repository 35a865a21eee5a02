// axe-core over a whole page with every impact counted: the layout suite's "axe clean" (issue #40),
// stricter than helpers.mjs's `seriousViolations`, which other suites use for serious and critical
// ones only. Injected through the DevTools protocol, as there, so the app's strict CSP stays on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 A and AA, and axe's best practices (one `<h1>`, landmarks, unique regions…). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The page's axe violations of any impact, one line each ("moderate page-has-heading-one: html"). */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  }, TAGS);
}
