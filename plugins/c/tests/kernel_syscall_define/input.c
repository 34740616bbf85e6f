#include <linux/syscalls.h>

SYSCALL_DEFINE3(widget_ctl, unsigned int, cmd, unsigned long, arg, int, flags)
{
	return do_widget_ctl(cmd, arg, flags);
}

SYSCALL_DEFINE0(widget_ping)
{
	return 0;
}

int after_syscalls(void)
{
	return 1;
}
