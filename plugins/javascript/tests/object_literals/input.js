// Objects whose keys hold functions: an API client and a store.

const endpoints = {
  users: '/api/users',
  orders: '/api/orders',
};

export const api = {
  baseUrl: 'https://example.com',
  async get(path) {
    const res = await fetch(this.baseUrl + path);
    return res.json();
  },
  post: async (path, body) => {
    return fetch(api.baseUrl + path, { method: 'POST', body: JSON.stringify(body) });
  },
  'delete': function (path) {
    return fetch(api.baseUrl + path, { method: 'DELETE' });
  },
  get ready() {
    return Boolean(this.baseUrl);
  },
};

const store = {
  state: { count: 0 },
  mutations: {
    increment(state) {
      state.count++;
    },
    reset: (state) => {
      state.count = 0;
    },
  },
};

export default {
  name: 'counter',
  data() {
    return { count: 0 };
  },
  methods: {
    add() {
      store.mutations.increment(store.state);
    },
  },
};
