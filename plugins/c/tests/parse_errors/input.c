int first(int a)
{
    return a;
}

int broken(int x)
{
    return x + ;
    int = 5;
}
}

long __must_check copy_in(void __user *dst, const void *src, unsigned long n)
{
    return n - copy(dst, src, n);
}

struct after {
    int field;
};

int last(void)
{
    return first(1);
}
