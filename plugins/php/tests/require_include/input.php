<?php
// Bootstraps the legacy admin pages.
require_once __DIR__ . '/../vendor/autoload.php';
require_once dirname(__FILE__) . '/config/settings.php';
require 'lib/database.php';
require('lib/session.php');
include_once "templates/helpers.php";
include 'partials/header.php';
include '/etc/legacy-admin/local.php';

$page = $_GET['page'] ?? 'home';
include "pages/$page.php";
include PAGES_DIR . '/footer.php';

function render_sidebar(array $items): void
{
    require __DIR__ . '/partials/sidebar.php';
}
