#ifdef CONFIG_DEBUG
/* Prints the state. */
void dump(void)
{
	print_state();
}
#else
/* Does nothing without CONFIG_DEBUG. */
static inline void dump(void) { }
#endif
