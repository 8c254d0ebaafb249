// Home page, category menu, store pages and the store search. Keys are shared with en/ui-store.ts.
export const uiStore = {
  homePage: {
    carousel: {
      label: '精选活动',
      slide: '第 {{index}} 张，共 {{count}} 张',
      prev: '上一张',
      next: '下一张',
      goTo: '切换到第 {{index}} 张',
      pause: '暂停轮播',
      play: '继续轮播',
    },
    floors: {
      recommended: '热卖推荐',
      recommendedNote: '大家都在买的好物',
      newest: '新品上架',
      newestNote: '每周上新，抢先看',
      more: '查看更多',
    },
    seckill: {
      title: '限时秒杀',
      note: '限时低价，手慢无',
      endsAt: '{{time}} 结束',
    },
    groupBuy: {
      title: '拼团购',
      note: '邀好友一起拼，价格更低',
      people: '{{count}}人团',
    },
    discount: {
      title: '店铺满减',
      note: '凑单更划算',
    },
  },
  categoryMenu: {
    label: '商品分类',
    title: '全部商品分类',
  },
  store: {
    errors: {
      notOpen: '店铺不存在或未营业',
      offline: '店铺已下线，请咨询平台',
    },
    head: {
      score: '店铺评分',
      products: '在售商品',
      followers: '关注人数',
      selfRun: '自营',
      collect: '收藏店铺',
      collected: '已收藏',
      collectDone: '收藏成功',
      collectCancelled: '已取消收藏',
    },
    nav: {
      label: '店铺分类',
      all: '全部商品',
    },
    search: {
      label: '店内搜索',
      placeholder: '在本店搜索商品',
      submit: '搜本店',
    },
    products: {
      title: '店铺商品',
      resultFor: '“{{keyword}}”的搜索结果',
      total_other: '共 {{count}} 件商品',
      totalCapped: '共 {{total, number}}+ 件商品',
      empty: '抱歉，没有相关商品',
    },
    sort: {
      label: '排序',
      default: '综合',
      sales: '销量',
      newest: '新品',
      priceAsc: '价格从低到高',
      priceDesc: '价格从高到低',
    },
    notices: {
      title: '店铺公告',
      more: '全部公告',
      empty: '暂无公告',
      listTitle: '{{name}} 的公告',
    },
    offline: {
      title: '店铺已下线，请咨询平台',
      text: '店铺暂停营业期间，其商品不在搜索和列表中展示，也无法购买。',
    },
    closed: {
      title: '店铺不存在或未营业',
      text: '该店铺可能正在审核、已下线或链接有误，去看看其他店铺吧。',
      search: '搜索其他店铺',
    },
    cart: {
      label: '我的购物车',
      count_other: '购物车中有 {{count}} 件商品',
    },
  },
  storeList: {
    title: '店铺搜索',
    resultFor_other: '找到 {{count}} 家与“{{name}}”相关的店铺',
    all: '全部店铺（{{count}}）',
    empty: '没有找到相关店铺，换个关键词试试',
    enter: '进入店铺',
    products_other: '{{count}} 件在售商品',
    score: '评分 {{score}}',
    selfRun: '自营',
  },
};
