package org.acme.orders;

import java.util.List;
import java.util.stream.Collectors;

public class OrderService extends BaseService {
    private final OrderRepository repository;
    private final Notifier notifier;

    public OrderService(OrderRepository repository) {
        this(repository, new EmailNotifier());
    }

    OrderService(OrderRepository repository, Notifier notifier) {
        super("orders");
        this.repository = repository;
        this.notifier = notifier;
    }

    public Order place(Customer customer, List<Item> items) {
        validate(items);
        Order order = new Order(customer.id(), items);
        repository.save(order);
        this.notifier.send(customer.email(), order.summary());
        super.audit("placed", order.id());
        return order;
    }

    public List<String> summaries() {
        return repository.findAll().stream()
            .map(Order::summary)
            .filter(this::visible)
            .collect(Collectors.toList());
    }

    List<Order> copies(List<Order> orders) {
        return orders.stream().map(Order::new).collect(Collectors.<Order>toList());
    }

    private boolean visible(String summary) {
        return !summary.isEmpty();
    }

    private void validate(List<Item> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("an order needs items");
        }
        items.forEach(item -> Objects.requireNonNull(item.sku()));
        Runnable r = new Runnable() {
            public void run() { log.info("validated"); }
        };
        r.run();
    }
}
