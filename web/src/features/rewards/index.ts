/** The rewards screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  welfare: () => import('./routes/WelfareScreen'),
};

export { getDownline, getEarnings, type AgentInfo, type Earning, type Member } from './api';
export { AgentRules, AgentStatus, RebateShares, percentText } from './components/AgentParts';
export { AGENT_KEY, useAgentInfo } from './hooks';
export { productKey, volumeBandText } from './lib/labels';
export { default as rewardsStyles } from './rewards.module.css';
