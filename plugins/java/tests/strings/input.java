package org.acme.mail;

public class Templates {
    static final String SUBJECT = "Your order has shipped";
    static final String KEY = "order_id";
    static final String URL = "https://example.com/orders";

    static String body(String name, int count) {
        String greeting = "Dear " + name + ",";
        String text = """
            Thank you for your order.
            It will arrive within %d days.
            """.formatted(count);
        return greeting + "\n" + text + "\nKind regards,\nthe shipping team";
    }

    static String error(String code) {
        switch (code) {
            case "E1": return "the address could not be found";
            case "E2": return "payment was declined";
            default: return "ok";
        }
    }
}
