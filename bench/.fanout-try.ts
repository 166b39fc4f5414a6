import { startLocalStack } from '/work/wt-campaigns/bench/local-stack';
import { measureFanout } from '/work/wt-campaigns/bench/fanout';
const stack = await startLocalStack(14);
try { console.log(JSON.stringify(await measureFanout(stack, Number(process.env.N ?? 2000)), null, 1)); } finally { await stack.stop(); }
