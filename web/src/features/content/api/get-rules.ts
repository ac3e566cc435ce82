// The about, terms and privacy texts are read by registration too: they live in shared/content.
export { getRules, useRules, type Rule } from '@/shared/content/rules';
