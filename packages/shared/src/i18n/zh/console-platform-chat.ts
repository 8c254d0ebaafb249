// The platform console's customer-service workspace (issue 28); keys shared with en/console-platform-chat.ts.
import { chatShared } from './console-chat-shared.ts';

export const consolePlatformChat = {
  chat: {
    ...chatShared,
    service: {
      menu: '客服工作台',
      title: '客服工作台',
      tabs: { queue: '排队中', mine: '我负责的', all: '全部会话' },
      queueCount_other: '{{count}} 个排队',
      status: { '0': '排队中', '1': '接待中', '2': '已过期' },
      agent: '负责客服：{{name}}',
      noAgent: '尚无客服接待',
      take: '接待',
      taken: '已接待该会话',
      transferTo: '转接给',
      transfer: '转接',
      transferred: '会话已转接',
      chooseAgent: '选择客服',
      agentOnline: '在线',
      agentOffline: '离线',
      expired: '咨询已过期',
    },
  },
};
