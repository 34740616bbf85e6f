using System;
using System.Linq;
using System.Threading.Tasks;
using Acme.Orders.Models;

namespace Acme.Orders
{
    public class OrderService : ServiceBase
    {
        private readonly IOrderRepository repository;
        private readonly INotifier notifier;

        public OrderService(IOrderRepository repository) : this(repository, new EmailNotifier()) { }

        public OrderService(IOrderRepository repository, INotifier notifier) : base("orders")
        {
            this.repository = repository;
            this.notifier = notifier;
        }

        public async Task<Order> PlaceAsync(Customer customer, Item[] items)
        {
            Validate(items);
            var order = new Order(customer.Id, items) { Note = customer.Note };
            await repository.SaveAsync(order);
            this.notifier.Send(customer.Email, order.Summary());
            base.Audit("placed", order.Id);
            customer.Address?.Verify();
            Order copy = new();
            return order;
        }

        public string[] Summaries() =>
            repository.All()
                .Where(o => o.Visible)
                .Select(o => o.Summary())
                .ToArray();

        private static void Validate(Item[] items)
        {
            if (items.Length == 0)
            {
                throw new ArgumentException("an order needs items", nameof(items));
            }
            var parsed = Parse<int>("42");
            var model = new Models.Receipt();
            Array.ForEach(items, item => Guard.NotNull(item.Sku));
        }

        private static T Parse<T>(string text) => (T)Convert.ChangeType(text, typeof(T));
    }
}
