// The product list and search page (/list), and search errors. Keys are shared with en/ui-search.ts.
export const uiSearch = {
  listPage: {
    title: '商品列表',
    resultsFor: '“{{term}}”的搜索结果',
    couponProducts: '“{{name}}”可用商品',
    couponFace: '{{offer}} · {{scope}}',
    allProducts: '全部商品',
    count_other: '共 {{count}} 件商品',
    countCapped: '共 {{total, number}}+ 件商品',
    resultsLabel: '搜索结果',
    filters: {
      label: '筛选条件',
      category: '分类',
      allCategories: '全部分类',
      price: '价格',
      minPrice: '最低价（元）',
      maxPrice: '最高价（元）',
      apply: '确定',
      hasStock: '仅显示有货',
      clear: '清除筛选',
      priceInvalid: '请输入正确的价格，最多两位小数',
    },
    sort: {
      label: '排序',
      overall: '综合',
      sales: '销量',
      priceAsc: '价格从低到高',
      priceDesc: '价格从高到低',
      newest: '新品',
    },
    empty: '抱歉，没有找到相关商品',
    emptyHint: '换个关键词，或者试试这些热门搜索：',
    errors: {
      priceRange: '最低价不能高于最高价',
    },
  },
};
