/* An unknown attribute macro above a prototype (the kernel's __printf) makes
 * the prototype an ERROR inside the next definition, which starts after it:
 * at line 12, with its signature and its static. */

struct kobject {
	int x;
};

extern __printf(2, 3)
int kobject_set_name(struct kobject *kobj, const char *name, ...);

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}

struct kobj_type {
	void (*release)(struct kobject *kobj);
};

static inline void kset_put(struct kset *k)
{
	kobject_put(&k->kobj);
}
