import { RulesArticle } from '../components/RulesArticle';

export default function TermsScreen() {
  return <RulesArticle ruleKey="TERMS" title="terms_title" icon="doc" testId="screen-terms" />;
}
