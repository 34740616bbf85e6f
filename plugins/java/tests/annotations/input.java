package org.acme.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Maps a method to an HTTP route. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Route {
    String DEFAULT_METHOD = "GET";

    /** The path pattern, such as /users/{id}. */
    String value();

    String method() default DEFAULT_METHOD;

    int timeoutSeconds() default 30;

    Class<? extends Handler>[] handlers() default {};
}

class UserController {
    /** Returns one user as JSON. */
    @Route(value = "/users/{id}", method = "GET")
    @Deprecated(since = "2.0")
    public String show(@PathParam("id") long id) {
        return lookup(id);
    }

    @javax.annotation.Nullable
    String lookup(long id) {
        return null;
    }
}
