#include <linux/module.h>
#include <linux/list.h>

struct widget {
	struct list_head list;
	int id;
};

static struct list_head devices;

static int __init widget_init(void)
{
	pr_info("widget: loaded\n");
	return register_widget(NULL);
}

static void __exit widget_exit(void)
{
	struct widget *w;

	list_for_each_entry(w, &devices, list) {
		release_widget(w);
	}
}

int widget_count(void)
{
	return 0;
}
EXPORT_SYMBOL(widget_count);

void __attribute__((noreturn)) widget_panic(const char *msg)
{
	panic(msg);
}

static int __attribute__((unused)) spare;

long __must_check widget_copy(void __user *dst, const void *src, unsigned long n)
{
	return n - copy_to_user(dst, src, n);
}

#ifdef CONFIG_WIDGET_DEBUG
static void widget_dump(struct widget *w)
{
	dump(w);
}
#endif

module_init(widget_init);
module_exit(widget_exit);
MODULE_LICENSE("GPL");
