#include <linux/list.h>
#include <linux/mutex.h>

static LIST_HEAD(devices);
static DEFINE_MUTEX(devices_lock);

int device_count(void)
{
	return 0;
}
