/**
 * deputy's `validate_hook_pattern` (D:R/hook-validation.R:61-85) as far as it can be told without
 * R: `grepl(pattern, "")` under R's TRE engine refuses Perl-only syntax. The R runtime checks every
 * pattern with R itself when the hooks are registered; this gives the same answer at once in the
 * hook panel for the constructs TRE is known to refuse (checked with R 4.2.2).
 */
const PERL_ONLY: { re: RegExp; what: string }[] = [
  { re: /\(\?<?[=!]/, what: "lookarounds ((?=…), (?!…), (?<=…), (?<!…))" },
  { re: /\(\?>/, what: "atomic groups ((?>…))" },
  { re: /\\[pP]\{/, what: "Unicode properties (\\p{…})" },
  { re: /(?:[*+?}])\+/, what: "possessive quantifiers (a++)" },
];

/** deputy's message for a pattern it refuses, or null. */
export function checkDeputyPattern(pattern: string): string | null {
  const perl = PERL_ONLY.find((p) => p.re.test(pattern));
  if (perl) return `Invalid hook pattern: "${pattern}" (R's TRE regex engine has no ${perl.what}; grepl() refuses it)`;
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") i++;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
  }
  if (depth > 0) return `Invalid hook pattern: "${pattern}" (a "(" is not closed)`;
  return null;
}
