int aeCreateTimeEvent(long long ms, int (*proc)(long long id, void *data), void *data);
