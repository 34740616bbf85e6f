static void per_cpu_sum(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		add_one(cpu);
	}
}

#ifdef CONFIG_COMPAT
SYSCALL_DEFINE2(compat_ping, int, a, int, b)
{
	int ret = a;
	return ret + b;
}
#endif
