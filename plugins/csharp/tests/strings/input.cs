namespace Acme.Mail
{
    public static class Templates
    {
        public const string Subject = "Your order has shipped";
        public const string Key = "order_id";
        public const string Url = "https://example.com/orders";
        private const string Folder = @"C:\Mail\Outgoing Templates";

        public static string Body(string name, int count)
        {
            var greeting = $"Dear {name}, thank you for your order.";
            var text = """
                It will arrive within a few days.
                Track it on our website.
                """;
            var detail = $@"Items shipped: {count} of {count}";
            return greeting + "\n" + text + "\nKind regards, the shipping team";
        }

        public static string Error(string code) => code switch
        {
            "E1" => "the address could not be found",
            "E2" => "payment was declined",
            _ => "ok",
        };
    }
}
