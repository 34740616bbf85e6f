using System;

namespace Acme.Billing
{
    public class Invoice
    {
        public decimal Total { get; set; }
    }

    namespace Reports
    {
        internal class MonthlyReport
        {
            public Invoice[] Invoices { get; } = Array.Empty<Invoice>();
        }
    }
}

namespace Acme.Shipping.Carriers
{
    interface ICarrier
    {
        string Name { get; }
    }

    class PostalCarrier : ICarrier
    {
        public string Name => "postal service";
    }
}

class GlobalHelper
{
    static void Main() => Console.WriteLine("no namespace here at all");
}
