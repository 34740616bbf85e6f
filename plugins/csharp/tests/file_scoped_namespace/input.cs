using System.Collections.Generic;
using Acme.Catalog.Models;

namespace Acme.Catalog.Services;

/// <summary>Looks products up by their SKU.</summary>
public sealed class ProductCatalog
{
    private readonly Dictionary<string, Product> bySku = new();

    public void Add(Product product) => bySku[product.Sku] = product;

    public Product? Find(string sku) =>
        bySku.TryGetValue(sku, out var product) ? product : null;
}

public record Product(string Sku, string Name, decimal Price);

internal static class CatalogExtensions
{
    public static bool IsEmpty(this ProductCatalog catalog) => catalog.Find("") is null;
}
