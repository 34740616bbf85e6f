<?php
namespace Reports;

use Psr\Log\LoggerInterface;

#[\Attribute(\Attribute::TARGET_CLASS)]
final class AsReport {}

#[AsReport]
class SalesReport extends Report implements Exportable, \Stringable
{
    private ?LoggerInterface $logger = null;
    protected Period|Range $window;
    public const Format DEFAULT_FORMAT = Format::Pdf;

    public function __construct(private readonly Repository&Cacheable $repository) {}

    public function rows(Period $period, ?Filter $filter = null, string ...$columns): iterable
    {
        try {
            return $this->repository->fetch($period, $filter);
        } catch (QueryFailed|\PDOException $e) {
            $this->logger?->error($e->getMessage());
            throw new ReportFailed($e);
        }
    }

    public function export(Format $format): Export|false
    {
        if ($format instanceof PdfFormat) {
            return PdfExport::fromReport($this);
        }
        return Format::$fallback->render(self::DEFAULT_FORMAT);
    }

    public function __toString(): string
    {
        return static::class;
    }
}
