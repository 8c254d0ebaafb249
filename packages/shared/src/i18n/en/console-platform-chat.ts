// The platform console's customer-service workspace (issue 28); keys shared with zh/console-platform-chat.ts.
import { chatShared } from './console-chat-shared.ts';

export const consolePlatformChat = {
  chat: {
    ...chatShared,
    service: {
      menu: 'Customer service',
      title: 'Customer service',
      tabs: { queue: 'Waiting', mine: 'Mine', all: 'All' },
      queueCount_one: '{{count}} waiting',
      queueCount_other: '{{count}} waiting',
      status: { '0': 'Waiting', '1': 'In service', '2': 'Expired' },
      agent: 'Agent: {{name}}',
      noAgent: 'No agent yet',
      take: 'Take',
      taken: 'You now answer this conversation',
      transferTo: 'Transfer to',
      transfer: 'Transfer',
      transferred: 'Conversation transferred',
      chooseAgent: 'Choose an agent',
      agentOnline: 'online',
      agentOffline: 'offline',
      expired: 'Consultation expired',
    },
  },
};
