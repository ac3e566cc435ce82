import { RulesArticle } from '../components/RulesArticle';

export default function AboutScreen() {
  return <RulesArticle ruleKey="ABOUT" title="about_title" icon="info" testId="screen-about" />;
}
